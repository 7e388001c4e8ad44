// A job worker (D108): runs every job kind from the queue and sends the sweep on a timer.
// `npm run worker` runs it as a process of its own (any number of them, on PostgreSQL); on
// embedded PGlite the web process runs it, since one process owns the database files.
//
// It polls with pg-boss's fetch, complete and fail rather than `boss.work`, so that `stop()`
// can wait for every poller to end (D185): pg-boss's own stop does not wait for a poller whose
// fetch is still in flight, which then ran its jobs on a database already closed.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import { jobHandlers, type JobHandlers } from './handlers';
import { JOB_NAMES, type JobData, type JobName, type JobQueue } from './queue';

/** Each poller takes up to BATCH jobs of its kind a second and runs them side by side. */
const POLLERS = 2;
const BATCH = 10;
const POLLING_MS = 1_000;
/** How long `stop()` waits for running jobs; one still running then expires and is retried. */
const STOP_TIMEOUT_MS = 30_000;

export interface Worker {
  /** Stops fetching, lets running jobs finish (up to STOP_TIMEOUT_MS), then resolves. */
  stop(): Promise<void>;
}

/**
 * Runs one fetched job through its handler and completes it, or fails it alone (retried with
 * backoff, D108). Returns what it failed with, if it did. The worker's pollers and the tests'
 * `runJobs` both run jobs through this.
 */
export async function runJob(
  deps: { jobs: JobQueue; handlers: JobHandlers; log: FastifyBaseLogger },
  name: JobName,
  job: { id: string; data: JobData[JobName] },
): Promise<{ error: unknown } | null> {
  const { boss } = deps.jobs;
  const run = deps.handlers[name] as (data: JobData[JobName]) => Promise<unknown>;
  try {
    await run(job.data);
    await boss.complete(name, job.id);
    return null;
  } catch (error) {
    deps.log.warn({ err: error, job: name, jobId: job.id }, 'job failed; retried later');
    // If even this fails, the job stays active until it expires, and is retried then.
    await boss.fail(name, job.id, { message: String(error) }).catch(() => undefined);
    return { error };
  }
}

export async function startWorker(deps: {
  jobs: JobQueue;
  services: Services;
  log: FastifyBaseLogger;
  sweepIntervalSeconds: number;
}): Promise<Worker> {
  const { jobs, services, log } = deps;
  const { boss } = jobs;
  const handlers = jobHandlers(services, jobs, log);
  const stopping = new AbortController();

  async function poll(name: JobName): Promise<void> {
    while (!stopping.signal.aborted) {
      let fetched = 0;
      try {
        const batch = await boss.fetch<JobData[JobName]>(name, { batchSize: BATCH });
        fetched = batch.length;
        await Promise.all(batch.map((job) => runJob({ jobs, handlers, log }, name, job)));
      } catch (error) {
        log.warn({ err: error, job: name }, 'could not fetch jobs');
      }
      // A full batch suggests more are due: fetch again at once.
      if (fetched < BATCH) {
        await sleep(POLLING_MS, undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    }
  }

  const pollers = JOB_NAMES.flatMap((name) => Array.from({ length: POLLERS }, () => poll(name)));
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
      stopping.abort();
      const timeout = sleep(STOP_TIMEOUT_MS, 'timeout' as const, { ref: false });
      if ((await Promise.race([Promise.all(pollers), timeout])) === 'timeout') {
        log.warn('jobs still running at shutdown; they expire and are retried');
      }
      await jobs.stop();
    },
  };
}
