// Playwright drives Debian's Chromium (no browser downloads here). Install it when missing and
// we may (root on Debian); otherwise stop with the command to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium';

const found = findChromium();
if (found) {
  console.info(`Chromium: ${found}`);
  process.exit(0);
}

const isRoot = process.getuid?.() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.info('Chromium not found: installing Debian package chromium ...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  const installed = findChromium();
  if (installed) {
    console.info(`Chromium: ${installed}`);
    process.exit(0);
  }
}
console.error(
  'Chromium not found. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).',
);
process.exit(1);
