// `node dist-server/worker.js` (or `npm run worker` from source): a job worker process (D108)
// on the configured PostgreSQL database: the reconcile, refund, webhook and link jobs and the
// sweep. Run any number beside the web instances. It serves no HTTP; the app it builds is only
// the way to the services.
import { buildApp } from './app';
import { logDestination } from './http/logging';
import { ConfigError, loadConfig, modeLine } from './config';
import { openDatabase } from './db/client';
import { startWorker } from './jobs/worker';
import { fileClock } from './testClock';

async function main() {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  const app = await buildApp({
    config: { ...config, workerInProcess: true },
    db: database.db,
    logStream: logDestination(),
    distDir: null,
    // D254: the moved clock of a test run (chaos), shared with the web instances.
    ...(config.testClockFile ? { clock: fileClock(config.testClockFile) } : {}),
  });
  await app.ready();
  const worker = await startWorker({
    jobs: app.jobs,
    services: app.services,
    log: app.log,
    sweepIntervalSeconds: config.sweepIntervalSeconds,
  });
  app.log.info(`worker started; ${modeLine(config)}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing running jobs`);
    await worker.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
