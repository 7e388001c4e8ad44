// The sandbox partner API's memory (D52): sub-merchants and their onboarding links, kept the
// way Cashfree would report them. Cashfree's spellings of the statuses are unverified
// (gateway-contract.md, "Merchant onboarding"); these are the ones this sandbox speaks, and
// the adapter (gateway/merchants.ts) maps them to the product's statuses (spec §4):
//
//   onboarding_status   CREATED → INITIATED, EMAIL_VERIFIED, ACTIVE
//   product_min_kyc_status (null until an onboarding link is made)
//                       PENDING → MIN_KYC_PENDING, SUBMITTED, APPROVED, REJECTED
import { randomBytes } from 'node:crypto';
import { toIstIsoString } from '../../src/domain/time';

export type SandboxOnboardingStatus = 'CREATED' | 'EMAIL_VERIFIED' | 'ACTIVE';
export type SandboxMinKycStatus = 'PENDING' | 'SUBMITTED' | 'APPROVED' | 'REJECTED';

/** An onboarding link is valid this long (gateway-contract.md). */
export const ONBOARDING_LINK_VALIDITY_MS = 60 * 60 * 1000;

export interface SandboxMerchant {
  merchantId: string;
  email: string;
  name: string;
  phone: string;
  businessType: string | null;
  createdAt: Date;
  onboardingStatus: SandboxOnboardingStatus;
  minKycStatus: SandboxMinKycStatus | null;
  /** The app's origin, learnt from its onboarding link's return_url: status webhooks go there. */
  appOrigin?: string;
}

export interface SandboxOnboardingLink {
  token: string;
  merchantId: string;
  returnUrl: string;
  createdAt: Date;
  expiresAt: Date;
}

/** 192 random bits: the link is the only credential the KYC page asks for. */
export function linkToken(): string {
  return randomBytes(24).toString('base64url');
}

export function createMerchantState() {
  const merchants = new Map<string, SandboxMerchant>();
  const links = new Map<string, SandboxOnboardingLink>();

  return {
    addMerchant(merchant: SandboxMerchant): void {
      merchants.set(merchant.merchantId, merchant);
    },
    merchant(merchantId: string): SandboxMerchant | undefined {
      return merchants.get(merchantId);
    },
    addLink(link: SandboxOnboardingLink): void {
      links.set(link.token, link);
    },
    link(token: string): SandboxOnboardingLink | undefined {
      return links.get(token);
    },
    /** Sandbox only: forgets every merchant and link (tests whose database starts afresh). */
    clear(): void {
      merchants.clear();
      links.clear();
    },
  };
}

export type MerchantState = ReturnType<typeof createMerchantState>;

/** The merchant as `GET /merchants/{id}` and the status webhook report it. */
export function merchantEntity(merchant: SandboxMerchant) {
  return {
    merchant_id: merchant.merchantId,
    merchant_email: merchant.email,
    merchant_name: merchant.name,
    poc_phone: merchant.phone,
    business_type: merchant.businessType,
    created_at: toIstIsoString(merchant.createdAt),
    onboarding_status: merchant.onboardingStatus,
    product_min_kyc_status: merchant.minKycStatus,
  };
}
