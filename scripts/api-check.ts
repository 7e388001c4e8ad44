// `npm run api:check`: fails when openapi/schema.d.ts is not what openapi-typescript generates
// from openapi/api.yaml today, so the committed types can never drift from the contract.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contract = join(root, 'openapi', 'api.yaml');
const committed = join(root, 'openapi', 'schema.d.ts');
// The same CLI as `npm run api:gen`, run by this Node so it works on every platform.
const cli = join(root, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');

function generate(): string {
  const dir = mkdtempSync(join(tmpdir(), 'api-check-'));
  const out = join(dir, 'schema.d.ts');
  try {
    execFileSync(process.execPath, [cli, contract, '-o', out], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return readFileSync(out, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const normalise = (text: string): string => text.replace(/\r\n/g, '\n');

let fresh: string;
try {
  fresh = generate();
} catch (error) {
  const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
  console.error(`openapi-typescript failed on openapi/api.yaml${stderr ? `:\n${stderr}` : ''}`);
  process.exit(1);
}

const current = existsSync(committed) ? readFileSync(committed, 'utf8') : null;
if (current === null || normalise(current) !== normalise(fresh)) {
  console.error('openapi/schema.d.ts is stale: run npm run api:gen');
  process.exit(1);
}
console.info('openapi/schema.d.ts is up to date');
