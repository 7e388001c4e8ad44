// The sandbox verification API's answers (gateway-contract.md, "Verification"): deterministic,
// chosen by the shape of the PAN or account number (README.md, "Sandbox test values"). Test
// PANs have digits 0000-0002, which e2e's uniquePan() never produces (its digits are
// 1000-9999), so a journey never trips one by chance.
import { randomInt } from 'node:crypto';
import { numericId } from './state';

export type NameMatchResult =
  | 'DIRECT_MATCH'
  | 'GOOD_PARTIAL_MATCH'
  | 'MODERATE_PARTIAL_MATCH'
  | 'POOR_PARTIAL_MATCH'
  | 'NO_MATCH';

/** Whose name the registry or bank reports when the sandbox plays "someone else". */
export const OTHER_PERSON = 'RAMESH KULKARNI';
/** The registered name when no name was sent (nothing to echo). */
const NAMELESS = 'TEST USER';

const upper = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();

const PAN_SHAPE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

// The PAN's 4th letter says who holds it (Income Tax Department's holder types).
const HOLDER_TYPES: Record<string, string> = {
  P: 'Individual or Person',
  C: 'Company',
  H: 'Hindu Undivided Family (HUF)',
  F: 'Firm or Limited Liability Partnership',
  T: 'Trust',
};

/** `POST /pan`: digits 0000 invalid, 0001 someone else's, 0002 deactivated, else valid. */
export function panAnswer(pan: string, name: string | undefined) {
  const reference_id = Number(numericId());
  const provided = name === undefined ? null : upper(name);
  const digits = pan.slice(5, 9);
  if (!PAN_SHAPE.test(pan) || digits === '0000') {
    return {
      pan,
      reference_id,
      name_provided: provided,
      valid: false,
      message: 'Invalid PAN',
      pan_status: 'INVALID',
    };
  }
  const type = HOLDER_TYPES[pan[3]!] ?? 'Individual or Person';
  if (digits === '0002') {
    return {
      pan,
      type,
      reference_id,
      name_provided: provided,
      registered_name: provided ?? NAMELESS,
      valid: false,
      message: 'PAN is deactivated',
      pan_status: 'DEACTIVATED',
    };
  }
  const someoneElse = digits === '0001';
  const match: NameMatchResult | null =
    provided === null ? null : someoneElse ? 'NO_MATCH' : 'DIRECT_MATCH';
  return {
    pan,
    type,
    reference_id,
    name_provided: provided,
    registered_name: someoneElse ? OTHER_PERSON : (provided ?? NAMELESS),
    valid: true,
    message: 'PAN verified successfully',
    name_match_score: match === null ? null : match === 'NO_MATCH' ? 0 : 100,
    name_match_result: match,
    pan_status: 'VALID',
  };
}

/** The bank behind an IFSC's first 4 letters, for the few banks a tester types. */
const BANKS: Record<string, string> = {
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  SBIN: 'State Bank of India',
  UTIB: 'Axis Bank',
  KKBK: 'Kotak Mahindra Bank',
  PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda',
  CNRB: 'Canara Bank',
  UBIN: 'Union Bank of India',
  YESB: 'YES Bank',
};

export function bankName(ifsc: string): string {
  return BANKS[ifsc.slice(0, 4)] ?? 'Test Bank';
}

type InvalidCode = 'INVALID_ACCOUNT_FAIL' | 'ACCOUNT_BLOCKED' | 'NRE_ACCOUNT_FAIL';
const INVALID_ENDINGS: Record<string, InvalidCode> = {
  '0000': 'INVALID_ACCOUNT_FAIL',
  '0001': 'ACCOUNT_BLOCKED',
  '0002': 'NRE_ACCOUNT_FAIL',
};

/**
 * `POST /bank-account/sync`: an IFSC ending 000000 is unknown; accounts ending 0000-0002 are
 * invalid, blocked or NRE; 0003 is someone else's; 0004 matches the name poorly; else valid.
 */
export function bankAccountAnswer(account: string, ifsc: string, name: string | undefined) {
  const reference_id = Number(numericId());
  const bank = bankName(ifsc);
  const code = ifsc.endsWith('000000')
    ? 'INVALID_IFSC_FAIL'
    : (INVALID_ENDINGS[account.slice(-4)] ?? null);
  if (code !== null) {
    return {
      reference_id,
      name_at_bank: null,
      bank_name: code === 'INVALID_IFSC_FAIL' ? null : bank,
      utr: null,
      city: null,
      branch: null,
      name_match_score: null,
      name_match_result: null,
      account_status: 'INVALID',
      account_status_code: code,
    };
  }
  const provided = name === undefined ? null : upper(name);
  const ending = account.slice(-4);
  const [nameAtBank, match, score]: [string, NameMatchResult | null, string | null] =
    ending === '0003'
      ? [OTHER_PERSON, 'NO_MATCH', '0.00']
      : provided === null
        ? [NAMELESS, null, null]
        : ending === '0004'
          ? // Only the surname in common: too little to be sure it is the same person.
            [`${provided.split(' ').at(-1)} ENTERPRISES`, 'POOR_PARTIAL_MATCH', '40.00']
          : [provided, 'DIRECT_MATCH', '100.00'];
  return {
    reference_id,
    name_at_bank: nameAtBank,
    bank_name: bank,
    utr: String(randomInt(100_000_000_000, 999_999_999_999)),
    city: 'MUMBAI',
    branch: 'SANDBOX BRANCH',
    name_match_score: score,
    name_match_result: match,
    account_status: 'VALID',
    account_status_code: 'ACCOUNT_IS_VALID',
  };
}
