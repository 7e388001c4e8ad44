// A job worker (D108): runs every job kind from the queue and sends the sweep on a timer.
// `npm run worker` runs it as a process of its own (any number of them, on PostgreSQL); on
// embedded PGlite the web process runs it, since one process owns the database files.
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import { jobHandlers } from './handlers';
import { JOB_NAMES, type JobData, type JobName, type JobQueue } from './queue';

/** Each poller takes up to BATCH jobs of its kind a second and runs them side by side. */
const POLLERS = 2;
const BATCH = 10;
const POLLING_SECONDS = 1;

export interface Worker {
  /** Stops fetching, lets running jobs finish (up to pg-boss's timeout), then resolves. */
  stop(): Promise<void>;
}

export async function startWorker(deps: {
  jobs: JobQueue;
  services: Services;
  log: FastifyBaseLogger;
  sweepIntervalSeconds: number;
}): Promise<Worker> {
  const { jobs, services, log } = deps;
  const handlers = jobHandlers(services, jobs, log);
  for (const name of JOB_NAMES) {
    const run = handlers[name] as (data: JobData[JobName]) => Promise<unknown>;
    for (let i = 0; i < POLLERS; i += 1) {
      await jobs.boss.work<JobData[JobName]>(
        name,
        { batchSize: BATCH, pollingIntervalSeconds: POLLING_SECONDS },
        async (batch) => {
          // Each job fails alone (retried with backoff); pg-boss completes the others.
          await Promise.all(
            batch.map(async (job) => {
              try {
                await run(job.data);
              } catch (error) {
                log.warn({ err: error, job: name, jobId: job.id }, 'job failed; retried later');
                await jobs.boss.fail(name, job.id, { message: String(error) });
              }
            }),
          );
        },
      );
    }
  }
  const sendSweep = () =>
    jobs.sendSweep(deps.sweepIntervalSeconds).catch((error: unknown) => {
      log.warn({ err: error }, 'could not send the sweep');
    });
  await sendSweep();
  const timer = setInterval(() => void sendSweep(), deps.sweepIntervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await jobs.stop();
    },
  };
}
