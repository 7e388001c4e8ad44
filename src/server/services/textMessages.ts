// Text messages sent in the background (D121): invitations now, reminders later. A message is
// a row (queued) with its `sms-send` job, sent by the worker through the provider, retried with
// backoff while the provider's failure is transient, and reported failed otherwise or after
// MAX_SMS_ATTEMPTS; the provider's delivery report marks it delivered or failed.
// D151: a message goes by SMS or by WhatsApp. A WhatsApp text that fails, at once or by its
// status webhook (not a WhatsApp number, say), is sent again by SMS: its row names the SMS.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { smsMessages } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { SmsError, type SmsMessage, type SmsSender } from '../sms/sender';

export type TextChannel = 'sms' | 'whatsapp';

/** Tries before a message is reported failed (pg-boss's backoff spaces them out). */
export const MAX_SMS_ATTEMPTS = 6;

export interface DeliveryReport {
  requestId: string;
  delivered: boolean;
  description: string;
}

export function createTextMessageService(deps: {
  db: Database;
  clock: Clock;
  sms: SmsSender;
  whatsapp: SmsSender;
  jobs: Pick<JobQueue, 'send'>;
}) {
  const { db, clock, jobs } = deps;
  const senders: Record<TextChannel, SmsSender> = { sms: deps.sms, whatsapp: deps.whatsapp };

  /** Queues `message` inside `tx` (or on its own): sent by the worker right after. */
  async function queue(
    message: SmsMessage,
    tx: Database = db,
    channel: TextChannel = 'sms',
  ): Promise<number> {
    const now = clock.now();
    const [row] = await tx
      .insert(smsMessages)
      .values({ ...message, channel, status: 'queued', createdAt: now, updatedAt: now })
      .returning({ id: smsMessages.id });
    if (!row) throw new Error('queue: the message was not inserted');
    await jobs.send('sms-send', { messageId: row.id }, { tx });
    return row.id;
  }

  /** Marks a message failed; a WhatsApp one is sent again by SMS, once, in the same step. */
  async function fail(where: ReturnType<typeof and>, reason: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [failed] = await tx
        .update(smsMessages)
        .set({ status: 'failed', error: reason, updatedAt: clock.now() })
        .where(where)
        .returning();
      if (!failed) return false;
      if (failed.channel === 'whatsapp' && failed.replacedBy === null) {
        const replacedBy = await queue(
          {
            phone: failed.phone,
            template: failed.template,
            vars: failed.vars,
            language: failed.language,
          } as SmsMessage,
          tx,
          'sms',
        );
        await tx.update(smsMessages).set({ replacedBy }).where(eq(smsMessages.id, failed.id));
      }
      return true;
    });
  }

  return {
    queue,

    /** The `sms-send` job: one try; a transient failure throws so the job is retried. */
    async send(messageId: number): Promise<'sent' | 'failed' | null> {
      const [row] = await db
        .update(smsMessages)
        .set({ attempts: sqlIncrement(), updatedAt: clock.now() })
        .where(and(eq(smsMessages.id, messageId), eq(smsMessages.status, 'queued')))
        .returning();
      if (!row) return null; // sent or reported already
      try {
        const { requestId } = await senders[row.channel].send({
          phone: row.phone,
          template: row.template,
          vars: row.vars,
          language: row.language,
        } as SmsMessage);
        await db
          .update(smsMessages)
          .set({
            status: 'sent',
            providerRequestId: requestId,
            error: null,
            updatedAt: clock.now(),
          })
          .where(eq(smsMessages.id, messageId));
        return 'sent';
      } catch (error) {
        const transient = error instanceof SmsError && error.transient;
        const reason = error instanceof Error ? error.message : String(error);
        if (transient && row.attempts < MAX_SMS_ATTEMPTS) {
          await db
            .update(smsMessages)
            .set({ error: reason, updatedAt: clock.now() })
            .where(eq(smsMessages.id, messageId));
          throw error;
        }
        await fail(eq(smsMessages.id, messageId), reason);
        return 'failed';
      }
    },

    /** The provider's word on a sent message (MSG91's delivery report, WhatsApp's status). */
    async report(report: DeliveryReport): Promise<boolean> {
      const unsettled = and(
        eq(smsMessages.providerRequestId, report.requestId),
        inArray(smsMessages.status, ['sent', 'queued']),
      );
      if (!report.delivered) return fail(unsettled, report.description);
      const updated = await db
        .update(smsMessages)
        .set({ status: 'delivered', error: null, updatedAt: clock.now() })
        .where(unsettled)
        .returning({ id: smsMessages.id });
      return updated.length > 0;
    },
  };
}

export type TextMessageService = ReturnType<typeof createTextMessageService>;

const sqlIncrement = () => sql`${smsMessages.attempts} + 1`;
