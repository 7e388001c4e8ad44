// The contract (openapi/api.yaml) is the one source of field rules: src/domain's patterns,
// limits and enums must say what it says. Patterns are compared by what they accept, on each
// schema's examples and on strings a field typically gets wrong (lower case, a digit short or
// over, a letter for a digit), generated from the examples.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import * as c from '../../src/domain/constants';
import { PG_ONBOARDING_STATUSES } from '../../src/domain/onboarding';
import { ORDER_STATUSES, PAYMENT_LINK_STATUSES, PAYMENT_STATUSES } from '../../src/domain/statuses';
import { isValidUsernameShape } from '../../src/domain/usernames';
import {
  ACCOUNT_NUMBER_PATTERN,
  IFSC_PATTERN,
  NAME_PATTERN,
  OTP_PATTERN,
  PAN_PATTERN,
  PHONE_PATTERN,
} from '../../src/domain/validation';

interface Schema {
  pattern?: string;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  examples?: unknown[];
}
const api = parse(readFileSync('openapi/api.yaml', 'utf8')) as {
  components: { schemas: Record<string, Schema> };
};
const schema = (name: string): Schema => {
  const found = api.components.schemas[name];
  if (!found) throw new Error(`openapi/api.yaml has no schema ${name}`);
  return found;
};

/** The example and its near misses: each character swapped for a digit, a letter, its case. */
function nearMisses(example: string): string[] {
  const out = new Set([example, '', `${example}0`, `${example}A`, example.slice(1)]);
  for (let i = 0; i < example.length; i++) {
    for (const ch of ['0', '5', '9', 'A', 'P', 'z', ' ', example[i]!.toLowerCase()]) {
      out.add(example.slice(0, i) + ch + example.slice(i + 1));
    }
  }
  return [...out];
}

const patterns: [string, RegExp][] = [
  ['Phone', PHONE_PATTERN],
  ['Otp', OTP_PATTERN],
  ['Pan', PAN_PATTERN],
  ['Ifsc', IFSC_PATTERN],
  ['AccountNumber', ACCOUNT_NUMBER_PATTERN],
  ['Name', NAME_PATTERN],
];

describe('src/domain follows the contract', () => {
  it.each(patterns)('%s: the same strings are valid', (name, ours) => {
    const contract = schema(name);
    const theirs = new RegExp(contract.pattern!, 'u');
    const samples = [
      ...(contract.examples as string[]).flatMap(nearMisses),
      ...fc.sample(fc.string({ unit: 'binary-ascii', maxLength: 20 }), { numRuns: 300, seed: 7 }),
    ];
    const lengthOk = (s: string) =>
      (contract.minLength === undefined || s.length >= contract.minLength) &&
      (contract.maxLength === undefined || s.length <= contract.maxLength);
    const differ = samples.filter((s) => ours.test(s) !== (theirs.test(s) && lengthOk(s)));
    // A Name's length is ours to check separately (NAME_MAX_LENGTH, below).
    expect(differ.filter((s) => name !== 'Name' || s.length <= c.NAME_MAX_LENGTH)).toEqual([]);
  });

  it('Username: the same shapes are valid', () => {
    const contract = schema('Username');
    const theirs = new RegExp(contract.pattern!);
    const samples = [
      ...(contract.examples as string[]).flatMap(nearMisses),
      'a',
      'ab',
      'a'.repeat(50),
      'a'.repeat(51),
      'a'.repeat(64),
      'a'.repeat(65),
      'asha--verma',
      '-asha',
    ];
    const valid = (s: string) =>
      theirs.test(s) && s.length >= contract.minLength! && s.length <= contract.maxLength!;
    expect(samples.filter((s) => isValidUsernameShape(s) !== valid(s))).toEqual([]);
  });

  it('lengths and amounts', () => {
    expect(schema('Name').maxLength).toBe(c.NAME_MAX_LENGTH);
    expect(schema('BaseAmount').minimum).toBe(c.AMOUNT_MIN_PAISE / c.PAISE_PER_RUPEE);
    expect(schema('BaseAmount').maximum).toBe(c.AMOUNT_MAX_PAISE / c.PAISE_PER_RUPEE);
  });

  it.each([
    ['OrderStatus', ORDER_STATUSES],
    ['PaymentStatus', PAYMENT_STATUSES],
    ['PaymentLinkStatus', PAYMENT_LINK_STATUSES],
    ['OnboardingStatus', PG_ONBOARDING_STATUSES],
    ['PaymentMethod', c.PAYMENT_METHODS],
    ['Role', c.USER_ROLES],
    ['PgName', [c.PG_NAME]],
    ['SettlementType', [c.SETTLEMENT_TYPE]],
  ] as const)('%s: the same values', (name, ours) => {
    expect([...ours]).toEqual(schema(name).enum);
  });
});
