// Fault switches for reliability tests, per app instance (gateway-contract.md, last section).
//
//   GET    /sandbox/cashfree/faults   the switches now
//   POST   /sandbox/cashfree/faults   JSON, any subset; answers the switches now
//   DELETE /sandbox/cashfree/faults   everything back to normal (held webhooks are released)
//
//   slowMs                every API answer (/sandbox/cashfree/pg/..., .../verification/...,
//                         .../partners/...) waits this long first
//   failNextWith5xx       the next N API calls (PG, verification, partners) answer 500 before
//                         doing anything (true means 1)
//   failNextWith429       the next N API calls answer 429 rate_limit_error (true means 1)
//   dropWebhooks          webhooks are not sent at all (the delivery log says "dropped")
//   dropWebhookRate       this fraction of webhooks (0 to 1), at random, is dropped
//   webhookDelayMs        every webhook waits this long before its first delivery
//   duplicateWebhooks     every webhook is delivered twice (two deliveries, same body)
//   reorderWebhooks       webhooks are held; switching it off (or DELETE) sends the held ones
//                         newest first
//   webhookRetryDelaysMs  the waits before each retry of a webhook answered non-2xx; its
//                         length is the number of retries (Cashfree: 3, at 2, 10, 30 minutes)
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** Short retry delays: a developer sees a retried webhook within seconds. */
export const DEFAULT_RETRY_DELAYS_MS = [500, 2_000, 5_000] as const;

export interface Faults {
  slowMs: number;
  failNextWith5xx: number;
  failNextWith429: number;
  dropWebhooks: boolean;
  dropWebhookRate: number;
  webhookDelayMs: number;
  duplicateWebhooks: boolean;
  reorderWebhooks: boolean;
  webhookRetryDelaysMs: number[];
}

export function defaultFaults(): Faults {
  return {
    slowMs: 0,
    failNextWith5xx: 0,
    failNextWith429: 0,
    dropWebhooks: false,
    dropWebhookRate: 0,
    webhookDelayMs: 0,
    duplicateWebhooks: false,
    reorderWebhooks: false,
    webhookRetryDelaysMs: [...DEFAULT_RETRY_DELAYS_MS],
  };
}

const count = z
  .union([z.boolean(), z.number().int().min(0).max(1000)])
  .transform((value) => (value === true ? 1 : value === false ? 0 : value));

export const faultsPatch = z.strictObject({
  slowMs: z.number().int().min(0).max(120_000).optional(),
  failNextWith5xx: count.optional(),
  failNextWith429: count.optional(),
  dropWebhooks: z.boolean().optional(),
  dropWebhookRate: z.number().min(0).max(1).optional(),
  webhookDelayMs: z.number().int().min(0).max(600_000).optional(),
  duplicateWebhooks: z.boolean().optional(),
  reorderWebhooks: z.boolean().optional(),
  webhookRetryDelaysMs: z.array(z.number().int().min(0).max(3_600_000)).max(10).optional(),
});

export async function faultRoutes(
  app: FastifyInstance,
  deps: { faults: Faults; onReorderOff: () => void },
) {
  const { faults } = deps;
  app.get('/faults', async () => faults);

  app.post('/faults', async (request, reply) => {
    const parsed = faultsPatch.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply.code(400).send({
        message: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
        code: 'faults_invalid',
        type: 'invalid_request_error',
      });
    }
    const wasReordering = faults.reorderWebhooks;
    for (const [key, value] of Object.entries(parsed.data)) {
      if (value !== undefined) Object.assign(faults, { [key]: value });
    }
    if (wasReordering && !faults.reorderWebhooks) deps.onReorderOff();
    return faults;
  });

  app.delete('/faults', async () => {
    const wasReordering = faults.reorderWebhooks;
    Object.assign(faults, defaultFaults());
    if (wasReordering) deps.onReorderOff();
    return faults;
  });
}
