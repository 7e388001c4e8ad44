// The Fastify app, without listening: main.ts listens, tests use app.inject.
import { coded } from '../domain/texts';
import { randomUUID } from 'node:crypto';
import type { DestinationStream } from 'pino';
import Fastify, { type FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './clock';
import type { TestClock } from './testClock';
import { installTestClockRoute } from './http/testClockRoute';
import type { Config } from './config';
import { loadContract, type Contract } from './contract';
import type { Database } from './db/client';
import { DEFAULT_DIST_DIR } from './files';
import { createContractAjv } from './http/ajv';
import { installLanguage } from './http/language';
import { installErrorHandler } from './http/errors';
import type { Handlers } from './http/handler';
import { installHealthChecks } from './http/health';
import { lazyChildLogger, loggerOptions, OneLineRequestLog } from './http/logging';
import { installSecurityHeaders } from './http/security';
import { registerSpa } from './http/spa';
import { createCashfreeGateway } from './gateway/cashfree';
import { createCashfreeSubscriptions } from './gateway/cashfreeSubscriptions';
import type { SubscriptionGateway } from './gateway/subscriptions';
import type { LocalTransport } from './gateway/transport';
import { createCashfreeMerchants, type MerchantOnboardingApi } from './gateway/merchants';
import type { PaymentGateway } from './gateway/types';
import { createCashfreeVerification, type VerificationApi } from './gateway/verification';
import { createCashfreeSettlements, type SettlementsApi } from './gateway/settlements';
import { handlers as defaultHandlers } from './routes';
import { registerContractRoutes } from './routes/register';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { createServices, type Services } from './services';
import { createSmsSender, createWhatsAppTextSender } from './sms/provider';
import type { SmsSender } from './sms/sender';
import { messages } from '../domain/messages';
import { apiMessages } from '../domain/apiMessages';

export interface AppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  /** Defaults to MSG91 as configured (the sandbox's MSG91 outside production). */
  sms?: SmsSender;
  /** Tests: the sandbox server in-process, reached without a socket (D120). */
  sandbox?: LocalTransport;
  /** Defaults to the Cashfree adapter built from config (the local sandbox unless configured). */
  gateway?: PaymentGateway;
  /** Issue 49: defaults to Cashfree's Subscriptions from config (the local sandbox unless configured). */
  subscriptions?: SubscriptionGateway;
  /** Defaults to Cashfree's partner API from config (merchant onboarding; the local sandbox). */
  merchants?: MerchantOnboardingApi;
  /** Defaults to Cashfree's verification API from config (the local sandbox unless configured). */
  verification?: VerificationApi;
  /** Issue 50: defaults to Cashfree's settlement APIs from config (the sandbox by default). */
  settlements?: SettlementsApi;
  /** Where logs go (default stdout); tests capture them. */
  logStream?: DestinationStream;
  /** Defaults to routes/index.ts; tests pass fewer to see the 501 fallback. */
  handlers?: Handlers;
  contract?: Contract;
  /** Defaults to dist/ at the repository root; null serves no SPA. */
  distDir?: string | null;
  /** Tests may fix the OTP; production draws it from the CSPRNG. */
  generateOtp?: () => string;
  /** Defaults to a pg-boss queue on `db`, stopped when the app closes (D108). */
  jobs?: JobQueue;
  /** D254: a clock tests move (NODE_ENV=test with TEST_CLOCK_FILE): its route is installed. */
  testClock?: TestClock;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services, for a worker running in this process (D108) and for tests. */
    services: Services;
    jobs: JobQueue;
  }
}

/** Trust the nearest `hops` proxies' X-Forwarded-For entries (a load balancer, a CDN). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.testClock ?? options.clock ?? systemClock;
  const contract = options.contract ?? loadContract();
  const ajv = {
    parts: createContractAjv('requests', contract.extensionKeywords),
    bodies: createContractAjv('bodies', contract.extensionKeywords),
  };

  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // One line per request instead of Fastify's two (http/logging.ts).
    logController: new OneLineRequestLog(config.logRequests),
    childLoggerFactory: lazyChildLogger,
    // D122: the load balancer's request id when configured, else a random one (never req-1
    // restarting in every instance).
    requestIdHeader: config.requestIdHeader ?? false,
    genReqId: () => randomUUID(),
    // On close (SIGTERM), idle keep-alive sockets go at once; requests in flight finish.
    forceCloseConnections: 'idle',
    // Spec §7 paths end in '/': one canonical URL each, no silent aliases.
    routerOptions: { ignoreTrailingSlash: false },
    bodyLimit: 256 * 1024,
    // D115: X-Forwarded-For only from the configured proxies; else the socket's address.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? ajv.bodies : ajv.parts).compile(schema),
  );
  app.decorateRequest('auth', null);
  installSecurityHeaders(app, config);
  installErrorHandler(app);
  await installLanguage(app);

  const loopback = options.sandbox ? { loopback: options.sandbox } : {};
  const sms = options.sms ?? createSmsSender(config, options.sandbox);
  const whatsapp = createWhatsAppTextSender(config, options.sandbox);
  const gateway = options.gateway ?? createCashfreeGateway(config, loopback);
  const subscriptions = options.subscriptions ?? createCashfreeSubscriptions(config, loopback);
  const verification = options.verification ?? createCashfreeVerification(config, loopback);
  const merchants =
    options.merchants ?? createCashfreeMerchants(config, { ...loopback, log: app.log });
  const settlementsApi = options.settlements ?? createCashfreeSettlements(config, loopback);
  const jobs =
    options.jobs ??
    (await createJobQueue(db, {
      supervise: config.workerInProcess,
      onError: (error) => app.log.error({ err: error }, 'job queue error'),
    }));
  if (!options.jobs) app.addHook('onClose', () => jobs.stop());
  const services = createServices({
    db,
    clock,
    config,
    sms,
    whatsapp,
    gateway,
    subscriptions,
    merchants,
    verification,
    settlementsApi,
    jobs,
    generateOtp: options.generateOtp,
  });
  app.decorate('services', services);
  app.decorate('jobs', jobs);
  installHealthChecks(app, db);
  if (options.testClock && config.nodeEnv === 'test') installTestClockRoute(app, options.testClock);
  registerContractRoutes(app, {
    contract,
    handlers: options.handlers ?? defaultHandlers,
    services,
    ajv,
  });

  const distDir = options.distDir === undefined ? DEFAULT_DIST_DIR : options.distDir;
  const spa = distDir
    ? await registerSpa(app, distDir, {
        checkoutScript: config.cashfree.checkoutScriptUrl,
        checkoutMode: config.cashfree.env,
        onboardingOrigin: config.onboardingOrigin,
        supportPhones: config.supportPhones,
      })
    : null;
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const page = request.method === 'GET' || request.method === 'HEAD';
    const reserved = /^\/(api|assets)(\/|$)/.test(path);
    // A missing file (favicon.png, a stale chunk) is a 404, not the app; client routes have
    // no dot in their last segment (usernames never do, D18).
    const fileLike = /\.[^/]*$/.test(path) || path.includes('/.');
    if (spa && page && !reserved && !fileLike) return spa.sendIndex(request, reply, path);
    return reply
      .code(404)
      .send(
        path.startsWith('/api/') ? coded(apiMessages).api.notFound : coded(messages).notFound.body,
      );
  });
  return app;
}
