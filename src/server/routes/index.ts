// Every implemented operation, by operationId. An operation of the contract missing here
// answers 501 until its handler is added (routes/register.ts).
import type { Handlers } from '../http/handler';
import { accountHandlers } from './accounts';
import { authHandlers } from './auth';
import { onboardingHandlers } from './onboarding';
import { paymentLinkHandlers } from './paymentLinks';
import { paymentHandlers } from './payments';
import { scheduleHandlers } from './schedules';
import { userHandlers } from './user';

export const handlers: Handlers = {
  ...authHandlers,
  ...userHandlers,
  ...accountHandlers,
  ...paymentHandlers,
  ...onboardingHandlers,
  ...paymentLinkHandlers,
  ...scheduleHandlers,
};
