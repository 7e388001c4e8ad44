// Every implemented operation, by operationId. An operation of the contract missing here
// answers 501 until its handler is added (routes/register.ts).
import type { Handlers } from '../http/handler';
import { accountHandlers } from './accounts';
import { apiKeyHandlers } from './apiKeys';
import { autopayHandlers } from './autopay';
import { authHandlers } from './auth';
import { dueHandlers } from './dues';
import { feePlanHandlers } from './feePlans';
import { onboardingHandlers } from './onboarding';
import { paymentLinkHandlers } from './paymentLinks';
import { paymentHistoryHandlers } from './paymentHistory';
import { paymentHandlers } from './payments';
import { privacyHandlers } from './privacy';
import { payoutHandlers } from './payouts';
import { receiptHandlers } from './receipts';
import { refundHandlers } from './refunds';
import { scheduleHandlers } from './schedules';
import { smsHandlers } from './sms';
import { studentHandlers } from './students';
import { userHandlers } from './user';
import { whatsAppHandlers } from './whatsapp';

export const handlers: Handlers = {
  ...authHandlers,
  ...apiKeyHandlers,
  ...userHandlers,
  ...accountHandlers,
  ...paymentHandlers,
  ...paymentHistoryHandlers,
  ...receiptHandlers,
  ...refundHandlers,
  ...onboardingHandlers,
  ...paymentLinkHandlers,
  ...scheduleHandlers,
  ...smsHandlers,
  ...studentHandlers,
  ...feePlanHandlers,
  ...dueHandlers,
  ...whatsAppHandlers,
  ...privacyHandlers,
  ...autopayHandlers,
  ...payoutHandlers,
};
