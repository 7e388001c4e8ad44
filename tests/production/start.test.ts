// D218: `npm start` is one process to a supervisor (systemd, a container runtime, a terminal's
// Ctrl-C): a signal to it stops every server it started, and frees their ports. Run on the
// build (`npm run build` first): `npm start -- --no-build` is `npm start` after its build step.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/ports';
import { alive, answers, descendants, exited, launch, portFree } from './processes';

const dataDirs: string[] = [];
afterEach(() => {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops the web server and the sandbox when its process gets %s',
    async (signal) => {
      expect(existsSync('dist-server/main.js'), 'npm run build first').toBe(true);
      const [port, sandboxPort] = [await freePort(), await freePort()];
      const dataDir = mkdtempSync(join(tmpdir(), 'tuitionpay-start-'));
      dataDirs.push(dataDir);
      const origin = `http://127.0.0.1:${port}`;
      const sandboxOrigin = `http://127.0.0.1:${sandboxPort}`;
      const npm = launch('npm', ['start', '--', '--no-build'], {
        env: {
          PORT: String(port),
          PUBLIC_ORIGIN: origin,
          DATA_DIR: dataDir,
          // Not a DATABASE_URL the test run was given: embedded PGlite, as a newcomer has it.
          DATABASE_URL: '',
          SANDBOX_PORT: String(sandboxPort),
          SANDBOX_ORIGIN: sandboxOrigin,
          SANDBOX_APP_ORIGIN: origin,
          LOG_LEVEL: 'warn',
        },
      });
      let started: number[] = [];
      try {
        await answers(`${sandboxOrigin}/healthz`, npm);
        await answers(`${origin}/readyz`, npm);
        started = descendants(npm.child.pid!);
        expect(started.length, npm.output()).toBeGreaterThanOrEqual(3);

        npm.child.kill(signal);
        expect(await exited(npm.child), npm.output()).toBe(0);

        expect(started.filter(alive), npm.output()).toEqual([]);
        expect(await portFree(port)).toBe(true);
        expect(await portFree(sandboxPort)).toBe(true);
      } finally {
        // A failed run must not leave its servers behind either.
        for (const pid of [npm.child.pid!, ...started].filter(alive)) process.kill(pid, 'SIGKILL');
      }
    },
  );
});
