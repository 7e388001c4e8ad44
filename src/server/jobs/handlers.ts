// What each job does: one line into the service that owns the rule. Every handler is
// idempotent (it reads the rows and changes only what is still to change), so a retry, a
// duplicate or a second worker changes nothing twice. A throw retries the job with backoff.
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import type { JobData, JobName, JobQueue } from './queue';
import { sweep } from './sweep';

export type JobHandlers = { [N in JobName]: (data: JobData[N]) => Promise<unknown> };

export function jobHandlers(
  services: Services,
  jobs: JobQueue,
  log: FastifyBaseLogger,
): JobHandlers {
  return {
    async 'payment-webhook'({ receiptId }) {
      const outcome = await services.orders.applyWebhook(receiptId);
      if (outcome?.amountMismatch) {
        log.error({ receiptId }, 'payment webhook: a SUCCESS for another amount than the order');
      }
      return outcome;
    },
    'order-reconcile': ({ orderId }) => services.orders.reconcile(orderId),
    'refund-sync': ({ refundId }) => services.refunds.sync(refundId),
    async 'link-close'({ linkId }) {
      const ended = await services.orders.closeLinkCheckouts(linkId);
      const failed = ended.find((checkout) => checkout.error);
      // Retried with backoff; the sweep sends it again after the retries.
      if (failed) throw failed.error;
      return ended.map(({ orderId, status }) => ({ orderId, status }));
    },
    'sms-send': ({ messageId }) => services.textMessages.send(messageId),
    'dues-generate': () => services.dues.generate(),
    'reminders-run': () => services.reminders.run(),
    'keys-rotate': () => services.keyRotation.run(),
    'retention-purge': () => services.erasure.purgeDue(),
    'autopay-run': ({ mandateId }) =>
      services.debits.run(mandateId === undefined ? {} : { mandateId }),
    'mandate-sync': ({ mandateId }) => services.mandates.sync(mandateId),
    'debit-sync': ({ debitId }) => services.debits.sync(debitId),
    'settlement-sync': ({ cfSettlementId }) => services.settlements.sync(cfSettlementId),
    'settlements-poll': () => services.settlements.poll(),
    sweep: () => sweep(services.db, services.clock, jobs),
  };
}
