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
import { createSealer } from './crypto/sealing';
import { createUserRepository } from './users';
import { createAuditTrail } from './services/audit';
import { createConsentService } from './services/consents';
import { createErasureService, eraseStudentEntries } from './services/erasure';
import { createKeyRotation } from './services/keyRotation';
import { createPanStore } from './services/pans';
import { createPersonalDataService } from './services/personalData';
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
import { createReminderPass } from './services/reminderPass';
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
  // Issue 54: personal data sealed at rest (D315), and the audit trail (D323).
  const sealer = createSealer(config.dataKeys);
  const pans = createPanStore({ sealer, secret: config.appSecret });
  const audit = createAuditTrail({ db, clock });
  const users = createUserRepository(db, pans);
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
  const refunds = createRefundService({
    db,
    clock,
    gateway,
    jobs,
    subscriptions,
    taxDocuments,
  });
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
    sealer,
    pans,
    audit,
    consents: createConsentService({
      db,
      clock,
      audit,
      eraseChildEntry: (tx, studentId) => eraseStudentEntries(tx, [studentId], clock.now()),
    }),
    erasure: createErasureService({ db, clock, sealer, pans, audit }),
    personalData: createPersonalDataService({ db, clock, pans, audit, rateLimiter }),
    keyRotation: createKeyRotation({ db, clock, sealer, audit }),
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
      pans,
      audit,
    }),
    bankAccounts: createBankAccountService({
      db,
      clock,
      users,
      verification,
      rateLimiter,
      secret: config.appSecret,
      sealer,
      audit,
    }),
    kyc: createKycService({
      db,
      clock,
      merchants,
      publicOrigin,
      onboardingOrigin: config.onboardingOrigin,
      audit,
    }),
    orders,
    refunds,
    textMessages,
    paymentHistory: createPaymentHistoryService({ db, clock, users, orders, refunds }),
    receipts: createReceiptService({ db, users, refunds }),
    paymentLinks,
    schedules: createScheduleService({ db, clock, users }),
    students: createStudentService({ db, clock, jobs, audit }),
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
      pass: createReminderPass({
        db,
        clock,
        jobs,
        users,
        paymentLinks,
        perDay: config.remindersPerDay,
        batchSize: config.reminderBatchSize,
      }),
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
