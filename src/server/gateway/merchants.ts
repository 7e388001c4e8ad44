// The gateway's partner API for merchant onboarding (gateway-contract.md, "Merchant
// onboarding"): each tutor is a sub-merchant of ours, and the gateway's onboarding link is
// where they pass the Aadhaar KYC (D16: we never see the Aadhaar number). JSON over
// createGatewayHttp, pointed at this server's sandbox by default.
//
// Two things are unverified and kept here, each in one place: Cashfree's spellings of the
// statuses (merchantStatus maps them to spec §4's) and the status webhook's signature
// (onboardingWebhookKey: the payment webhooks' HMAC, keyed by the client secret).
import { z } from 'zod';
import type { PgOnboardingStatus } from '../../domain/onboarding';
import type { Config } from '../config';
import type { LocalTransport } from './transport';
import { createGatewayHttp } from './http';
import { verifiedWebhookJson, type SignedWebhook } from './signature';
import { GatewayError } from './types';

export const PARTNER_API_VERSION = '2023-01-01';

export interface MerchantInput {
  /** Ours to choose; 3-50 of [A-Za-z0-9_-]. */
  merchantId: string;
  email: string;
  name: string;
  /** 10 digits. */
  phone: string;
}

export interface GatewayMerchant {
  merchantId: string;
  status: PgOnboardingStatus;
}

export interface OnboardingLink {
  url: string;
  /** As the gateway wrote it (ISO 8601). */
  expiresAt: string;
}

export interface OnboardingWebhook {
  merchantId: string;
  status: PgOnboardingStatus;
  /** When the change happened, by the gateway's clock; null when it did not say. */
  eventTime: Date | null;
}

export interface MerchantOnboardingApi {
  /** Creates the sub-merchant; one that exists already (409) is read instead. */
  createMerchant(input: MerchantInput): Promise<GatewayMerchant>;
  fetchMerchant(merchantId: string): Promise<GatewayMerchant>;
  /** A one-hour link to the gateway's KYC page; the browser comes back to `returnUrl`. */
  createOnboardingLink(merchantId: string, returnUrl: string): Promise<OnboardingLink>;
  /**
   * Checks a MERCHANT_ONBOARDING_STATUS webhook's signature over the raw body (constant time)
   * and that its timestamp (milliseconds) is within 5 minutes of `now`; the event or null.
   */
  verifyStatusWebhook(input: SignedWebhook): OnboardingWebhook | null;
}

/** Unverified: the key that signs the status webhook (the sandbox signs with it too). */
export function onboardingWebhookKey(cashfree: Pick<Config['cashfree'], 'clientSecret'>): string {
  return cashfree.clientSecret;
}

// ---------------------------------------------------------------------------------------------
// Statuses: the gateway's fields → spec §4.

export interface MerchantStatusFields {
  onboarding_status?: string | null;
  product_min_kyc_status?: string | null;
}

/** Where a status the adapter cannot read lands: it cannot accept payments, KYC can restart. */
export const UNKNOWN_STATUS_FALLBACK: PgOnboardingStatus = 'MIN_KYC_PENDING';

const MIN_KYC: Record<string, PgOnboardingStatus> = {
  PENDING: 'MIN_KYC_PENDING',
  SUBMITTED: 'MIN_KYC_SUBMITTED',
  APPROVED: 'MIN_KYC_APPROVED',
  REJECTED: 'MIN_KYC_REJECTED',
};

const ONBOARDING: Record<string, PgOnboardingStatus> = {
  CREATED: 'INITIATED',
  INITIATED: 'INITIATED',
  EMAIL_VERIFIED: 'EMAIL_VERIFIED',
  MIN_KYC_PENDING: 'MIN_KYC_PENDING',
  MIN_KYC_SUBMITTED: 'MIN_KYC_SUBMITTED',
  MIN_KYC_APPROVED: 'MIN_KYC_APPROVED',
  MIN_KYC_REJECTED: 'MIN_KYC_REJECTED',
  ACTIVE: 'ACTIVE',
};

/** 'Email Verified', 'email-verified' → 'EMAIL_VERIFIED'. */
const normalise = (value: string | null | undefined) =>
  (value ?? '')
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

/**
 * Spec §4's status from the gateway's fields: an ACTIVE account; else the minimum KYC's
 * status once there is one; else the account's stage. A value the table does not know gives
 * UNKNOWN_STATUS_FALLBACK and a warning through `warn`.
 */
export function merchantStatus(
  fields: MerchantStatusFields,
  warn: (unknown: MerchantStatusFields) => void,
): PgOnboardingStatus {
  const onboarding = normalise(fields.onboarding_status);
  const minKyc = normalise(fields.product_min_kyc_status);
  if (onboarding === 'ACTIVE') return 'ACTIVE';
  if (minKyc !== '' && MIN_KYC[minKyc]) return MIN_KYC[minKyc];
  if (minKyc === '' && ONBOARDING[onboarding]) return ONBOARDING[onboarding];
  warn(fields);
  return UNKNOWN_STATUS_FALLBACK;
}

// ---------------------------------------------------------------------------------------------
// Response shapes: parsed defensively, extra fields ignored.

const statusText = z.string().nullish();

const merchantEntity = z.object({
  merchant_id: z.string().min(1),
  onboarding_status: statusText,
  product_min_kyc_status: statusText,
});

const isoDateTime = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'not a date');

const onboardingLinkEntity = z.object({
  onboarding_link: z.url(),
  expires_at: isoDateTime,
});

const webhookEnvelope = z.object({
  type: z.literal('MERCHANT_ONBOARDING_STATUS'),
  event_time: z.string().nullish(),
  data: merchantEntity,
});

export interface MerchantsOptions {
  /** Overrides config.cashfree.partnerBaseUrl. */
  baseUrl?: string;
  timeoutMs?: number;
  /** Tests: the sandbox in-process, as for the PG adapter. */
  loopback?: LocalTransport;
  /** Where a status the adapter cannot read is reported. */
  log?: { warn: (details: object, message: string) => void };
}

export function createCashfreeMerchants(
  config: Pick<Config, 'cashfree'>,
  options: MerchantsOptions = {},
): MerchantOnboardingApi {
  const call = createGatewayHttp({
    baseUrl: (options.baseUrl ?? config.cashfree.partnerBaseUrl).replace(/\/+$/, ''),
    headers: {
      'x-partner-apikey': config.cashfree.partnerApiKey,
      'x-api-version': PARTNER_API_VERSION,
    },
    name: 'Cashfree partners',
    timeoutMs: options.timeoutMs,
    ...(options.loopback ? { loopback: options.loopback } : {}),
  });
  const secret = onboardingWebhookKey(config.cashfree);

  const toMerchant = (entity: z.infer<typeof merchantEntity>): GatewayMerchant => ({
    merchantId: entity.merchant_id,
    status: merchantStatus(entity, (fields) =>
      options.log?.warn(
        { merchantId: entity.merchant_id, ...fields },
        'unknown merchant onboarding status from the gateway',
      ),
    ),
  });

  const path = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}`;

  const fetchMerchant = async (merchantId: string) =>
    toMerchant(
      await call('the merchant', { method: 'GET', path: path(merchantId) }, merchantEntity),
    );

  return {
    async createMerchant(input) {
      try {
        const created = await call(
          'merchant creation',
          {
            method: 'POST',
            path: '/merchants',
            body: {
              merchant_id: input.merchantId,
              merchant_email: input.email,
              merchant_name: input.name,
              poc_phone: input.phone,
              business_type: 'Education',
            },
          },
          merchantEntity,
        );
        return toMerchant(created);
      } catch (error) {
        // Ours from an earlier start (or a concurrent one): the same merchant, read it.
        if (error instanceof GatewayError && error.status === 409) {
          return fetchMerchant(input.merchantId);
        }
        throw error;
      }
    },

    fetchMerchant,

    async createOnboardingLink(merchantId, returnUrl) {
      const link = await call(
        'the onboarding link',
        {
          method: 'POST',
          path: `${path(merchantId)}/onboarding_link`,
          body: { type: 'account_onboarding', return_url: returnUrl },
        },
        onboardingLinkEntity,
      );
      return { url: link.onboarding_link, expiresAt: link.expires_at };
    },

    verifyStatusWebhook(input) {
      const verified = verifiedWebhookJson(secret, input);
      if (!verified) return null;
      const parsed = webhookEnvelope.safeParse(verified.json);
      if (!parsed.success) return null;
      const merchant = toMerchant(parsed.data.data);
      const eventTime = parsed.data.event_time ? new Date(parsed.data.event_time) : null;
      return {
        ...merchant,
        eventTime: eventTime && !Number.isNaN(eventTime.getTime()) ? eventTime : null,
      };
    },
  };
}
