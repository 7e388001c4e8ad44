// The job queue: pg-boss 10 on our own database (PostgreSQL or PGlite), so a job is a row that
// survives restarts and is seen by every instance (D108). Web instances only send; workers
// also run jobs (worker.ts). Every job is keyed by what it is about (an order, a refund...),
// and its queue is 'stately': at most one waiting and one running job per key, so sending the
// same job twice, from a request and from the sweep, or from two instances, is harmless.
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { sqlExecutor } from './sqlExecutor';

/** What each job carries; the first field names the thing it is about (its key). */
export interface JobData {
  /** Applies a stored payment webhook (the handler only verified and stored it). */
  'payment-webhook': { receiptId: number };
  /** Re-reads an open order from the gateway; ends it at the gateway once expired. */
  'order-reconcile': { orderId: string };
  /** Sends a refund to the gateway or re-reads it until it is final. */
  'refund-sync': { refundId: string };
  /** Ends, at the gateway, the open checkouts of a link that can no longer be paid. */
  'link-close': { linkId: string };
  /** Sends a queued text message through the SMS provider (D121). */
  'sms-send': { messageId: number };
  /** Writes the dues running fee plans make ahead of time (D146); keyed by the IST hour. */
  'dues-generate': { hour: string };
  /** One pass of fee reminders (D148); keyed by the IST hour. */
  'reminders-run': { hour: string };
  /** D315: re-seals a batch of values not under the current data key; keyed by the IST hour. */
  'keys-rotate': { hour: string };
  /** D321: empties the kept identity of erasures whose records the law no longer needs. */
  'retention-purge': { hour: string };
  /**
   * Issue 49: writes the Autopay debits of the dues whose notice is due (D247); keyed by the IST
   * hour, or by a mandate that just became active (then only its dues).
   */
  'autopay-run': { slot: string; mandateId?: string };
  /** Re-reads a mandate from the gateway and applies what it says (D253). */
  'mandate-sync': { mandateId: string };
  /** Moves one debit on: its notice, its next attempt, a re-read, or the gateway told of its end. */
  'debit-sync': { debitId: string };
  /** D268: brings one settlement up to what the gateway says (its webhooks, API, events). */
  'settlement-sync': { cfSettlementId: string };
  /** D268: lists the gateway's recent settlements for what webhooks missed; keyed by slot. */
  'settlements-poll': { slot: string };
  /** Finds whatever is due (orders, refunds, webhooks, links, texts) and sends its job. */
  sweep: Record<string, never>;
}
export type JobName = keyof JobData;

export const JOB_NAMES: JobName[] = [
  'payment-webhook',
  'order-reconcile',
  'refund-sync',
  'link-close',
  'sms-send',
  'dues-generate',
  'reminders-run',
  'keys-rotate',
  'retention-purge',
  'autopay-run',
  'mandate-sync',
  'debit-sync',
  'settlement-sync',
  'settlements-poll',
  'sweep',
];

/** Retries: 8 more tries, 5 s apart doubling (5 s ... ~21 min), then the sweep sends again. */
const RETRY = { retryLimit: 8, retryDelay: 5, retryBackoff: true } as const;
/** A job running longer than this is taken for dead and retried. */
const EXPIRE_IN_SECONDS = 120;

const keyOf = <N extends JobName>(name: N, data: JobData[N]): string =>
  name === 'sweep' ? 'sweep' : String(Object.values(data)[0]);

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists if and only if the change commits. */
  tx?: Database;
  /** Start no earlier than this many seconds from now. */
  afterSeconds?: number;
  /** At most one such job (this key) per slot of this many seconds, even once it has run. */
  oncePerSeconds?: number;
}

export interface JobQueue {
  send<N extends JobName>(name: N, data: JobData[N], options?: SendOptions): Promise<void>;
  /** Issue 51: many jobs of one name in one statement (a batch of texts), each keyed as `send`. */
  sendMany<N extends JobName>(
    name: N,
    data: JobData[N][],
    options?: { tx?: Database },
  ): Promise<void>;
  /** Sends the sweep at most once per `seconds` slot, across every worker. */
  sendSweep(seconds: number): Promise<void>;
  /** The underlying pg-boss (the worker registers handlers on it). */
  readonly boss: PgBoss;
  stop(): Promise<void>;
}

export interface QueueOptions {
  /** Maintenance (expiring stuck jobs, archiving) runs in workers only. */
  supervise: boolean;
  /** Reports errors of pg-boss's own timers. */
  onError(error: Error): void;
}

/**
 * Creates `name`'s queue unless another instance has. Instances starting at once on a new
 * database (a first deploy: web and worker) create the same queues, and PostgreSQL can end one's
 * creation as a deadlock's victim: it looks again and tries again, a few times.
 */
async function ensureQueue(boss: PgBoss, name: JobName) {
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(name)) return;
    try {
      await boss.createQueue(name, { name, policy: 'stately', ...RETRY });
      return;
    } catch (error) {
      if (attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export async function createJobQueue(db: Database, options: QueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: sqlExecutor(db),
    supervise: options.supervise,
    schedule: false,
    migrate: true,
    ...RETRY,
    expireInSeconds: EXPIRE_IN_SECONDS,
  });
  boss.on('error', options.onError);
  await boss.start();
  for (const name of JOB_NAMES) await ensureQueue(boss, name);
  let stopped = false;
  return {
    boss,
    async send(name, data, send = {}) {
      await boss.send(name, data, {
        singletonKey: keyOf(name, data),
        ...(send.tx ? { db: sqlExecutor(send.tx) } : {}),
        ...(send.afterSeconds ? { startAfter: send.afterSeconds } : {}),
        ...(send.oncePerSeconds ? { singletonSeconds: send.oncePerSeconds } : {}),
      });
    },
    async sendMany(name, data, send = {}) {
      if (data.length === 0) return;
      await boss.insert(
        data.map((one) => ({ name, data: one, singletonKey: keyOf(name, one) })),
        send.tx ? { db: sqlExecutor(send.tx) } : {},
      );
    },
    async sendSweep(seconds) {
      await boss.send('sweep', {}, { singletonKey: 'sweep', singletonSeconds: seconds });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
    },
  };
}
