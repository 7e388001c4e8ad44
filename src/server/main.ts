// The web process (`node dist-server/main.js`, built by `npm run build`; `npm start` runs it):
// configuration, database (migrated), demo data, then one process serving the SPA and api/v1/
// (and, on the embedded database, the job worker).
import { buildApp } from './app';
import { logDestination } from './http/logging';
import { systemClock } from './clock';
import { fileClock } from './testClock';
import { ConfigError, loadConfig, modeLine } from './config';
import { openDatabase } from './db/client';
import { DEMO_PHONES } from './demo';
import { startWorker } from './jobs/worker';
import { seedDemoData } from './seed';

async function main() {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  // Logs go to stderr, leaving stdout for the lines a person reads below.
  const app = await buildApp({
    config,
    db: database.db,
    logStream: logDestination(),
    // D254: a run of the end-to-end tests moves time.
    ...(config.testClockFile ? { testClock: fileClock(config.testClockFile) } : {}),
  });
  const seeded = config.seedDemoData
    ? await seedDemoData(database.db, systemClock, app.services.pans)
    : false;
  // D108: on embedded PGlite this process owns the database, so it runs the jobs too.
  const worker = config.workerInProcess
    ? await startWorker({
        jobs: app.jobs,
        services: app.services,
        log: app.log,
        sweepIntervalSeconds: config.sweepIntervalSeconds,
      })
    : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    // The worker first: its running jobs finish while the queue and the database are open.
    await worker?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ host: config.host, port: config.port });
  const where = config.databaseUrl?.startsWith('memory://')
    ? 'in memory'
    : database.driver === 'postgres'
      ? 'PostgreSQL'
      : config.dataDir;
  console.info(`TuitionPay is listening on ${address} (${config.nodeEnv}; database: ${where})`);
  console.info(modeLine(config));
  if (config.sandboxOrigin) console.info(`Dev SMS outbox: ${config.sandboxOrigin}/sandbox/outbox`);
  if (config.seedDemoData) {
    console.info(
      `Demo phones${seeded ? ' (just seeded)' : ''}: tutor ${DEMO_PHONES.onboardedTutor}, ` +
        `tutor with KYC pending ${DEMO_PHONES.pendingTutor}, student ${DEMO_PHONES.student}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
