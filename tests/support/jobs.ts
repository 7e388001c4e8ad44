// Runs the job queue by hand in tests: every due job of every kind, through the same handlers
// the worker uses, until none is left (bounded), so a test sees what the worker would do
// without waiting for its polling.
import type { FastifyInstance } from 'fastify';
import { jobHandlers } from '../../src/server/jobs/handlers';
import { JOB_NAMES, type JobData, type JobName } from '../../src/server/jobs/queue';
import { sweep } from '../../src/server/jobs/sweep';
import { runJob } from '../../src/server/jobs/worker';

const MAX_ROUNDS = 50;

/** Runs due jobs until the queue is empty; returns how many ran and which failed. */
export async function runJobs(app: FastifyInstance) {
  const handlers = jobHandlers(app.services, app.jobs, app.log);
  let ran = 0;
  const failed: { name: JobName; error: unknown }[] = [];
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    let thisRound = 0;
    for (const name of JOB_NAMES) {
      const batch = await app.jobs.boss.fetch<JobData[JobName]>(name, { batchSize: 100 });
      for (const job of batch) {
        thisRound += 1;
        const outcome = await runJob({ jobs: app.jobs, handlers, log: app.log }, name, job);
        if (outcome) failed.push({ name, error: outcome.error });
      }
    }
    ran += thisRound;
    if (thisRound === 0) return { ran, failed };
  }
  throw new Error(`runJobs: jobs still due after ${MAX_ROUNDS} rounds`);
}

/** What a worker's sweep finds due now (by the app's clock), then every job that gives. */
export async function sweepAndRunJobs(app: FastifyInstance) {
  const found = await sweep(app.services.db, app.services.clock, app.jobs);
  return { found, ...(await runJobs(app)) };
}
