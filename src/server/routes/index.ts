// Every implemented operation, by operationId. An operation of the contract missing here
// answers 501 until its handler is added (routes/register.ts).
import type { Handlers } from '../http/handler';
import { authHandlers } from './auth';
import { paymentLinkHandlers } from './paymentLinks';
import { paymentHandlers } from './payments';
import { scheduleHandlers } from './schedules';
import { userHandlers } from './user';

export const handlers: Handlers = {
  ...authHandlers,
  ...userHandlers,
  ...paymentHandlers,
  ...paymentLinkHandlers,
  ...scheduleHandlers,
};
