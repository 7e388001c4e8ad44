// Where Debian's Chromium is, and the flags it needs on this network-less machine.
import { existsSync } from 'node:fs';

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

export function findChromium(): string | undefined {
  return candidates.find((path): path is string => !!path && existsSync(path));
}

// Without the background-networking flags Chromium keeps dialling hosts this machine cannot reach.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
