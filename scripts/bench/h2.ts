// HTTP/2 for the pages benchmark: a throwaway self-signed certificate for 127.0.0.1 (Debian's
// openssl), and a TLS front (h2Front.ts) in front of a server for the length of a run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../lib/ports';
import { ready, start, stop } from '../lib/processes';

export interface Certificate {
  key: string;
  cert: string;
  remove(): void;
}

export function selfSignedCertificate(): Certificate {
  const dir = mkdtempSync(join(tmpdir(), 'tp-bench-tls-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { key, cert, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `run` with an https:// URL whose HTTP/2 front passes every request to `upstream`. */
export async function withH2Front<T>(
  upstream: string,
  certificate: Certificate,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const front = start('h2-front', 'scripts/bench/h2Front.ts', {
    H2_PORT: String(port),
    H2_UPSTREAM: upstream,
    H2_KEY: certificate.key,
    H2_CERT: certificate.cert,
  });
  try {
    const url = `https://127.0.0.1:${port}`;
    await ready(front, `${url}/healthz`, { selfSigned: true });
    return await run(url);
  } finally {
    await stop(front);
  }
}
