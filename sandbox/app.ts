// The sandbox server (D120): local imitations of the outside world for development, tests and
// staging, in a process of its own (sandbox/main.ts), never part of the product's build. Under
// /sandbox/: the Cashfree gateway (cashfree/, gateway-contract.md), MSG91 (msg91.ts), WhatsApp's
// Cloud API (whatsapp.ts) and the dev outbox they feed (outbox.ts). Its state is its own memory (one process).
import { followCurrentLocale } from '../src/server/language';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Writable } from 'node:stream';
import { systemClock, type Clock } from '../src/server/clock';
import { OneLineRequestLog } from '../src/server/http/logging';
import { CONTENT_SECURITY_POLICY } from '../src/server/http/security';
import { cashfreeSandboxRoutes } from './cashfree';
import type { Deliver } from './cashfree/webhooks';
import type { SandboxConfig } from './config';
import { msg91Routes } from './msg91';
import { createOutbox, outboxRoutes } from './outbox';
import { whatsAppRoutes } from './whatsapp';

export interface SandboxOptions {
  config: SandboxConfig;
  clock?: Clock;
  /** Where logs go (default stdout); tests capture or silence them. */
  logStream?: Writable;
  /** Tests: webhooks reach the app without a socket. */
  deliver?: Deliver;
}

/** A POST over HTTP (the sandbox's webhooks outside tests), its status. */
const postJson = async (url: URL, request: { headers: Record<string, string>; body: string }) =>
  (await fetch(url, { method: 'POST', ...request, signal: AbortSignal.timeout(5_000) })).status;

export async function buildSandbox(options: SandboxOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  // The texts it shows are in each message's own language (issue 15).
  await followCurrentLocale();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    logController: new OneLineRequestLog(false),
    bodyLimit: 256 * 1024,
    // The app's gateway transport keeps connections alive (as fetch does): on close they go.
    forceCloseConnections: true,
  });
  // Its pages are plain forms under the app's own strict policy (no script runs on them).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
  });
  const outbox = createOutbox(clock, app.log);
  await app.register(
    async (sandbox) => {
      await sandbox.register(outboxRoutes, { outbox });
      await sandbox.register(msg91Routes, {
        prefix: '/msg91',
        authKey: config.msg91AuthKey,
        outbox,
        reportUrl: `${config.appOrigin}/api/v1/sms/delivery-reports/?token=${encodeURIComponent(config.msg91WebhookToken)}`,
        replyUrl: `${config.appOrigin}/api/v1/sms/replies/?token=${encodeURIComponent(config.msg91WebhookToken)}`,
        deliver: options.deliver ?? postJson,
        log: app.log,
      });
      await sandbox.register(whatsAppRoutes, {
        prefix: '/whatsapp',
        ...config.whatsapp,
        outbox,
        webhookUrl: `${config.appOrigin}/api/v1/whatsapp/webhook/`,
        deliver: options.deliver ?? postJson,
        log: app.log,
        clock,
      });
      await sandbox.register(cashfreeSandboxRoutes, {
        prefix: '/cashfree',
        config,
        clock,
        ...(options.deliver ? { deliver: options.deliver } : {}),
      });
    },
    { prefix: '/sandbox' },
  );
  app.get('/healthz', async () => ({ status: 'ok' }));
  return app;
}
