// `npm run bench -- startup` (issue 47): how long the web server takes from its process's start
// to its first 200 on /readyz, as production runs it (the build's plain JavaScript,
// dist-server/main.js, D217) beside the same sources run through tsx (what `npm start` ran
// before D217), interleaved, on one PGlite database the first start made (migrations and demo
// data are then already there, so the figure is the server's own start).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../lib/ports';
import { ready, start, stop } from '../lib/processes';

export interface StartupFigures {
  /** Milliseconds to the first 200 on /readyz, one per run. */
  built: number[];
  tsx: number[];
  firstStartMs: number;
}

async function startOnce(script: string, dataDir: string): Promise<number> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const web = start('web', script, {
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_ORIGIN: url,
    SANDBOX_ORIGIN: 'none',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
  });
  try {
    await ready(web, `${url}/readyz`);
    return performance.now() - began;
  } finally {
    await stop(web);
  }
}

export async function startupBench(runs: number): Promise<StartupFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tuitionpay-bench-startup-'));
  try {
    const firstStartMs = await startOnce('dist-server/main.js', dataDir);
    const figures: StartupFigures = { built: [], tsx: [], firstStartMs };
    for (let run = 0; run < runs; run++) {
      figures.built.push(await startOnce('dist-server/main.js', dataDir));
      figures.tsx.push(await startOnce('src/server/main.ts', dataDir));
    }
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
