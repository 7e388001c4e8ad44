// The services a handler can use, built once per app from the database, clock and SMS sender.
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { createOtpService } from './auth/otp';
import { createSessionService } from './auth/sessions';
import type { MerchantOnboardingApi } from './gateway/merchants';
import type { SubscriptionGateway } from './gateway/subscriptions';
import type { PaymentGateway } from './gateway/types';
import type { VerificationApi } from './gateway/verification';
import type { JobQueue } from './jobs/queue';
import type { SmsSender } from './sms/sender';
import { createUserRepository } from './users';
import { createApiKeyService } from './services/apiKeys';
import { createBankAccountService } from './services/bankAccounts';
import { createIdentityService } from './services/identity';
import { createKycService } from './services/kyc';
import { createOrderService } from './services/orders';
import { createGatewayPanVerifier, type PanVerifier } from './services/panVerifier';
import { createPaymentHistoryService } from './services/paymentHistory';
import { createPaymentLinkService } from './services/paymentLinks';
import { createRateLimiter } from './services/rateLimits';
import { createReceiptService } from './services/receipts';
import { createRefundService } from './services/refunds';
import { createScheduleService } from './services/schedules';
import { createStudentService } from './services/students';
import { createCashEntryService } from './services/cashEntries';
import { createFeePlanService } from './services/feePlans';
import { createDueService } from './services/dues';
import { createDueLinkService } from './services/dueLinks';
import { createReminderService } from './services/reminders';
import { createTextMessageService } from './services/textMessages';
import { createGatewayState } from './services/gatewayState';
import { createDebitService } from './services/mandateDebits';
import { createMandateService } from './services/mandates';
import { createTaxDocuments } from './services/taxDocuments';
import { createTaxProfileService } from './services/taxProfiles';
import type { SettlementsApi } from './gateway/settlements';
import { createPayoutService } from './services/payouts';
import { createSettlementService } from './services/settlements';
import { createTaxRegister } from './services/taxRegister';

export interface ServiceDeps {
  db: Database;
  clock: Clock;
  config: Config;
  sms: SmsSender;
  /** D151: WhatsApp texts (reminders). */
  whatsapp: SmsSender;
  gateway: PaymentGateway;
  /** Issue 49: the gateway's Subscriptions (UPI Autopay mandates). */
  subscriptions: SubscriptionGateway;
  /** The gateway's merchant onboarding (the tutor's Aadhaar KYC). */
  merchants: MerchantOnboardingApi;
  /** The gateway's PAN and bank account checks. */
  verification: VerificationApi;
  /** Issue 50: the gateway's settlement APIs and webhooks. */
  settlementsApi: SettlementsApi;
  /** Where services send background work (D108). */
  jobs: JobQueue;
  generateOtp?: () => string;
  /** Defaults to the gateway's PAN check (`verification`); tests may inject another. */
  panVerifier?: PanVerifier;
}

export function createServices({
  db,
  clock,
  config,
  sms,
  whatsapp,
  gateway,
  subscriptions,
  merchants,
  verification,
  jobs,
  generateOtp,
  settlementsApi,
  ...more
}: ServiceDeps) {
  const users = createUserRepository(db);
  const panVerifier = more.panVerifier ?? createGatewayPanVerifier(verification);
  const rateLimiter = createRateLimiter(db, clock);
  const publicOrigin = config.publicOrigin;
  const taxDocuments = createTaxDocuments({ platform: config.platform });
  const orders = createOrderService({
    db,
    clock,
    gateway,
    jobs,
    users,
    taxDocuments,
    publicOrigin,
    reconcile: config.reconcile,
  });
  const refunds = createRefundService({ db, clock, gateway, subscriptions, taxDocuments });
  const paymentLinks = createPaymentLinkService({ db, clock, users, orders, jobs, publicOrigin });
  const dueLinks = createDueLinkService({ db, clock, jobs, users, paymentLinks });
  const textMessages = createTextMessageService({ db, clock, sms, whatsapp, jobs });
  const debits = createDebitService({
    db,
    clock,
    jobs,
    gateway: subscriptions,
    users,
    paymentLinks,
    dueLinks,
    textMessages,
    applyGatewayState: createGatewayState({ clock, jobs, users, taxDocuments }),
  });
  return {
    db,
    clock,
    config,
    gateway,
    jobs,
    merchants,
    users,
    sessions: createSessionService(db, clock),
    apiKeys: createApiKeyService({ db, clock }),
    otp: createOtpService({
      db,
      clock,
      secret: config.appSecret,
      sms,
      users,
      rateLimiter,
      floods: config.otpFloods,
      generateCode: generateOtp,
    }),
    panVerifier,
    rateLimiter,
    identity: createIdentityService({
      db,
      clock,
      texts: textMessages,
      users,
      panVerifier,
      rateLimiter,
      publicOrigin,
    }),
    bankAccounts: createBankAccountService({
      db,
      clock,
      users,
      verification,
      rateLimiter,
      secret: config.appSecret,
    }),
    kyc: createKycService({
      db,
      clock,
      merchants,
      publicOrigin,
      onboardingOrigin: config.onboardingOrigin,
    }),
    orders,
    refunds,
    textMessages,
    paymentHistory: createPaymentHistoryService({ db, clock, users, orders, refunds }),
    receipts: createReceiptService({ db, users, refunds }),
    paymentLinks,
    schedules: createScheduleService({ db, clock, users }),
    students: createStudentService({ db, clock, jobs }),
    feePlans: createFeePlanService({ db, clock, jobs }),
    dues: createDueService({ db, clock, jobs }),
    cash: createCashEntryService({ db, clock, jobs }),
    dueLinks,
    reminders: createReminderService({
      db,
      clock,
      dueLinks,
      textMessages,
      perDay: config.remindersPerDay,
    }),
    subscriptions,
    debits,
    mandates: createMandateService({
      db,
      clock,
      jobs,
      gateway: subscriptions,
      users,
      debits,
      publicOrigin,
    }),
    taxProfiles: createTaxProfileService({ db, clock }),
    settlements: createSettlementService({ db, clock, api: settlementsApi, jobs }),
    payouts: createPayoutService({ db, clock }),
    taxRegister: createTaxRegister({ db }),
    settlementsApi,
  };
}

export type Services = ReturnType<typeof createServices>;
