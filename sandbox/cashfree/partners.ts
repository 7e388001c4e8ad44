// The partner API's merchant onboarding, as far as we use it (gateway-contract.md, "Merchant
// onboarding"), at /sandbox/cashfree/partners:
//
//   POST   /merchants                                 create a sub-merchant (409 if it exists)
//   GET    /merchants/:merchant_id                    its onboarding status
//   POST   /merchants/:merchant_id/onboarding_link    {type: account_onboarding, return_url}
//                                                    → {created_at, expires_at, onboarding_link}
//   DELETE /merchants                                 sandbox only: forget every merchant
//
// Every call needs x-partner-apikey (the configured partner key, 401 otherwise) and an
// x-api-version; the fault switches for slow answers, 5xx and 429 apply (api.ts). A new
// merchant is CREATED with no KYC status; an onboarding link opens its KYC (PENDING) on the
// page behind the link (kyc.ts). Statuses: merchants.ts.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { toIstIsoString } from '../../src/domain/time';
import type { Clock } from '../../src/server/clock';
import { fail, installCashfreeApi, invalidBody } from './api';
import type { Faults } from './faults';
import type { MerchantStatusOps } from './merchantStatus';
import {
  linkToken,
  merchantEntity,
  ONBOARDING_LINK_VALIDITY_MS,
  type MerchantState,
} from './merchants';

/** Where the KYC pages are, under the sandbox's prefix on the public origin. */
export const KYC_PAGE_PATH = '/sandbox/cashfree/kyc/';

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const MERCHANT_ID = /^[A-Za-z0-9_-]{3,50}$/;

const createMerchantBody = z.object({
  merchant_id: z.string().regex(MERCHANT_ID),
  merchant_email: z.email().max(100),
  merchant_name: z.string().trim().min(1).max(100),
  poc_phone: z.string().regex(/^\d{10}$/),
  business_type: z.string().max(50).nullish(),
});

const onboardingLinkBody = z.object({
  type: z.literal('account_onboarding'),
  return_url: z.string().max(500).refine(isHttpUrl, 'not an http(s) URL'),
});

export interface PartnerDeps {
  state: MerchantState;
  status: MerchantStatusOps;
  faults: Faults;
  clock: Clock;
  partnerApiKey: string;
  /** The sandbox's own public origin: the KYC pages' links. */
  origin: string;
}

function merchantNotFound(reply: FastifyReply) {
  return fail(
    reply,
    404,
    'invalid_request_error',
    'merchant_not_found',
    'merchant not found for provided merchant_id',
  );
}

export async function partnerRoutes(app: FastifyInstance, deps: PartnerDeps) {
  const { state, status, clock } = deps;
  installCashfreeApi(app, {
    faults: deps.faults,
    partnerApiKey: deps.partnerApiKey,
    name: 'partner',
  });

  app.post('/merchants', async (request, reply) => {
    const parsed = createMerchantBody.safeParse(request.body);
    if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
    const body = parsed.data;
    if (state.merchant(body.merchant_id)) {
      return fail(
        reply,
        409,
        'invalid_request_error',
        'merchant_already_exists',
        'merchant with the same merchant_id already exists',
      );
    }
    const merchant = {
      merchantId: body.merchant_id,
      email: body.merchant_email,
      name: body.merchant_name,
      phone: body.poc_phone,
      businessType: body.business_type ?? null,
      createdAt: clock.now(),
      onboardingStatus: 'CREATED' as const,
      minKycStatus: null,
    };
    state.addMerchant(merchant);
    return reply.code(200).send(merchantEntity(merchant));
  });

  app.get<{ Params: { merchant_id: string } }>(
    '/merchants/:merchant_id',
    async (request, reply) => {
      const merchant = state.merchant(request.params.merchant_id);
      if (!merchant) return merchantNotFound(reply);
      return merchantEntity(merchant);
    },
  );

  app.post<{ Params: { merchant_id: string } }>(
    '/merchants/:merchant_id/onboarding_link',
    async (request, reply) => {
      const merchant = state.merchant(request.params.merchant_id);
      if (!merchant) return merchantNotFound(reply);
      const parsed = onboardingLinkBody.safeParse(request.body);
      if (!parsed.success) return invalidBody(reply, request.body, parsed.error);
      const now = clock.now();
      const link = {
        token: linkToken(),
        merchantId: merchant.merchantId,
        returnUrl: parsed.data.return_url,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ONBOARDING_LINK_VALIDITY_MS),
      };
      state.addLink(link);
      merchant.appOrigin = new URL(link.returnUrl).origin;
      status.linkCreated(merchant);
      return reply.code(200).send({
        created_at: toIstIsoString(link.createdAt),
        expires_at: toIstIsoString(link.expiresAt),
        onboarding_link: `${deps.origin}${KYC_PAGE_PATH}${link.token}`,
      });
    },
  );

  app.delete('/merchants', async () => {
    state.clear();
    status.reset();
    return { message: 'every merchant and onboarding link was forgotten' };
  });
}
