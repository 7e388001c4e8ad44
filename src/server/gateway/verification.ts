// The gateway's verification API (gateway-contract.md, "Verification"): PAN check and bank
// account penny drop, over createGatewayHttp (JSON, timeout, loopback to our own sandbox,
// GatewayError). Answers are parsed defensively and reduced to what the services decide on;
// a status this code does not know is a GatewayError ('unexpected_status'), never a pass.
import { z } from 'zod';
import type { Config } from '../config';
import type { LocalTransport } from './transport';
import { createGatewayHttp } from './http';
import { GatewayError } from './types';

/** Cashfree's verification API version these shapes follow. */
export const VERIFICATION_API_VERSION = '2023-12-18';

export const NAME_MATCHES = [
  'DIRECT_MATCH',
  'GOOD_PARTIAL_MATCH',
  'MODERATE_PARTIAL_MATCH',
  'POOR_PARTIAL_MATCH',
  'NO_MATCH',
] as const;
export type NameMatch = (typeof NAME_MATCHES)[number];

/** Matches close enough to say the name belongs to the same person. */
const ACCEPTED_MATCHES: ReadonlySet<NameMatch> = new Set([
  'DIRECT_MATCH',
  'GOOD_PARTIAL_MATCH',
  'MODERATE_PARTIAL_MATCH',
]);

/** 'unknown' when the gateway gave no verdict on the name (then nobody may pass on it). */
export function nameVerdict(match: NameMatch | null): 'match' | 'mismatch' | 'unknown' {
  if (match === null) return 'unknown';
  return ACCEPTED_MATCHES.has(match) ? 'match' : 'mismatch';
}

export type PanResult =
  | { status: 'VALID'; registeredName: string | null; nameMatch: NameMatch | null }
  | { status: 'INVALID' | 'DELETED' | 'DEACTIVATED' };

export const BANK_FAILURE_CODES = [
  'INVALID_ACCOUNT_FAIL',
  'ACCOUNT_BLOCKED',
  'INVALID_IFSC_FAIL',
  'NRE_ACCOUNT_FAIL',
] as const;
/** 'OTHER': an INVALID account with a code this code does not know (still refused). */
export type BankFailureCode = (typeof BANK_FAILURE_CODES)[number] | 'OTHER';

export type BankAccountResult =
  | {
      status: 'VALID';
      nameAtBank: string | null;
      bankName: string | null;
      nameMatch: NameMatch | null;
      referenceId: string | null;
    }
  | { status: 'INVALID'; code: BankFailureCode; referenceId: string | null };

export interface VerificationApi {
  /** `name` is sent for the name match (first and last name as on the PAN). */
  verifyPan(input: { pan: string; name: string }): Promise<PanResult>;
  /** The penny drop: ₹1 to the account, the bank reports the holder's name. */
  verifyBankAccount(input: {
    accountNumber: string;
    ifsc: string;
    name: string;
    phone?: string;
  }): Promise<BankAccountResult>;
}

// ---------------------------------------------------------------------------------------------
// Answers: extra fields ignored, absent ones null.

const text = z
  .string()
  .nullish()
  .transform((value) => (value ? value : null));
const reference = z
  .union([z.string().min(1), z.number().int()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? null : String(value)));
const matchResult = z.string().nullish();

const panAnswer = z.object({
  valid: z.boolean(),
  pan_status: z.string().nullish(),
  registered_name: text,
  name_match_result: matchResult,
});

const bankAnswer = z.object({
  reference_id: reference,
  account_status: z.string(),
  account_status_code: z.string().nullish(),
  name_at_bank: text,
  bank_name: text,
  name_match_result: matchResult,
});

const unexpected = (what: string, value: unknown) =>
  new GatewayError(
    `Cashfree verification answered ${what} with an unknown status (${String(value)})`,
    200,
    'unexpected_status',
  );

function nameMatchOf(what: string, value: string | null | undefined): NameMatch | null {
  if (value === null || value === undefined || value === '') return null;
  if ((NAME_MATCHES as readonly string[]).includes(value)) return value as NameMatch;
  throw unexpected(what, value);
}

function bankFailureOf(code: string | null | undefined): BankFailureCode {
  return (BANK_FAILURE_CODES as readonly string[]).includes(code ?? '')
    ? (code as BankFailureCode)
    : 'OTHER';
}

// ---------------------------------------------------------------------------------------------

export interface VerificationOptions {
  /** Overrides config.cashfree.verificationBaseUrl (tests point it elsewhere). */
  baseUrl?: string;
  timeoutMs?: number;
  /** Tests: the sandbox in-process, as for the PG adapter. */
  loopback?: LocalTransport;
}

export function createCashfreeVerification(
  config: Pick<Config, 'cashfree'>,
  options: VerificationOptions = {},
): VerificationApi {
  const call = createGatewayHttp({
    baseUrl: options.baseUrl ?? config.cashfree.verificationBaseUrl,
    headers: {
      'x-client-id': config.cashfree.clientId,
      'x-client-secret': config.cashfree.clientSecret,
      'x-api-version': VERIFICATION_API_VERSION,
    },
    name: 'Cashfree verification',
    timeoutMs: options.timeoutMs,
    ...(options.loopback ? { loopback: options.loopback } : {}),
  });

  return {
    async verifyPan({ pan, name }) {
      const answer = await call(
        'the PAN check',
        {
          method: 'POST',
          path: '/pan',
          body: { pan, name },
        },
        panAnswer,
      );
      // Older API versions give only `valid`; pan_status, when present, decides.
      const status = answer.pan_status ?? (answer.valid ? 'VALID' : 'INVALID');
      if (status === 'INVALID' || status === 'DELETED' || status === 'DEACTIVATED') {
        return { status };
      }
      if (status !== 'VALID') throw unexpected('the PAN check', status);
      if (!answer.valid) return { status: 'INVALID' };
      return {
        status: 'VALID',
        registeredName: answer.registered_name,
        nameMatch: nameMatchOf('the PAN check', answer.name_match_result),
      };
    },

    async verifyBankAccount({ accountNumber, ifsc, name, phone }) {
      const answer = await call(
        'the penny drop',
        {
          method: 'POST',
          path: '/bank-account/sync',
          body: { bank_account: accountNumber, ifsc, name, ...(phone ? { phone } : {}) },
        },
        bankAnswer,
      );
      if (answer.account_status === 'INVALID') {
        return {
          status: 'INVALID',
          code: bankFailureOf(answer.account_status_code),
          referenceId: answer.reference_id,
        };
      }
      // RECEIVED, IN_PROCESS, FAILED, ...: no verdict on the account, so no pass either.
      if (answer.account_status !== 'VALID') {
        throw unexpected('the penny drop', answer.account_status);
      }
      return {
        status: 'VALID',
        nameAtBank: answer.name_at_bank,
        bankName: answer.bank_name,
        nameMatch: nameMatchOf('the penny drop', answer.name_match_result),
        referenceId: answer.reference_id,
      };
    },
  };
}
