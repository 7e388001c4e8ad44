// The verification API (gateway-contract.md, "Verification"), close enough that the adapter
// (gateway/verification.ts) talks to it unchanged with its base URL set to
// /sandbox/cashfree/verification:
//
//   POST /pan                 {pan, name?}                      PAN check and name match
//   POST /bank-account/sync   {bank_account, ifsc, name?, phone?}  penny drop
//
// Same credentials, x-api-version, error shape and fault switches as the PG API (api.ts).
// The answers are deterministic test values (verificationAnswers.ts); nothing is kept.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { installCashfreeApi, invalidBody } from './api';
import type { Faults } from './faults';
import { bankAccountAnswer, panAnswer } from './verificationAnswers';

const name = z.string().trim().min(1).max(100).optional();

// Only the types: a PAN of the wrong shape is answered "Invalid PAN", as Cashfree does.
const panBody = z.object({ pan: z.string().min(1).max(20), name });

const bankAccountBody = z.object({
  bank_account: z.string().regex(/^[0-9A-Za-z]{6,40}$/),
  ifsc: z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/),
  name,
  phone: z
    .string()
    .regex(/^\d{10}$/)
    .optional(),
});

export interface VerificationDeps {
  faults: Faults;
  clientId: string;
  clientSecret: string;
}

export async function verificationRoutes(app: FastifyInstance, deps: VerificationDeps) {
  installCashfreeApi(app, { ...deps, name: 'verification' });

  app.post('/pan', async (request, reply) => {
    const parsed = panBody.safeParse(request.body);
    if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
    return panAnswer(parsed.data.pan.toUpperCase(), parsed.data.name);
  });

  app.post('/bank-account/sync', async (request, reply) => {
    const parsed = bankAccountBody.safeParse(request.body);
    if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
    const { bank_account: account, ifsc, name: holder } = parsed.data;
    return bankAccountAnswer(account, ifsc, holder);
  });
}
