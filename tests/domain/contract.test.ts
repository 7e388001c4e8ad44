// The contract (openapi/api.yaml) is the one source of field rules: src/domain's patterns,
// limits and enums, which the browser checks before it sends, must say what it says. Walked
// both ways rather than listing a few: every rule src/domain exports (a pattern, a list, a
// limit) is paired with where the contract says it, or with why the contract does not; every
// enum and pattern of the contract is claimed by a domain rule, or said to be the server's
// own; and every check inside the domain's exported zod schemas is one of those rules, not a
// number or pattern of its own. Patterns are compared by what they accept, on each schema's
// examples and on strings a field typically gets wrong (a digit short or over, a letter for a
// digit, lower case), generated from the examples.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isValidUsernameShape } from '../../src/domain/usernames';

type Node = Record<string, unknown> & {
  pattern?: string;
  enum?: unknown[];
  description?: string;
  examples?: unknown[];
  minLength?: number;
  maxLength?: number;
};
const api = parse(readFileSync('openapi/api.yaml', 'utf8')) as Node;

/** The contract's node at a JSON pointer ('#/components/schemas/Phone'). */
function at(pointer: string): Node {
  let node: unknown = api;
  for (const part of pointer.replace(/^#\//, '').split('/')) {
    node = (node as Record<string, unknown> | undefined)?.[
      part.replaceAll('~1', '/').replaceAll('~0', '~')
    ];
  }
  if (!node || typeof node !== 'object') throw new Error(`openapi/api.yaml has no ${pointer}`);
  return node as Node;
}
const words = (node: Node) => (node.description ?? '').replace(/\s+/g, ' ');

const SCHEMAS = '#/components/schemas';
const post = (path: string) => `#/paths/${path.replaceAll('/', '~1')}/post`;

/** Where the contract says a domain rule, and how to compare. */
type Pairing =
  /** A pattern: the same strings valid (the schema's lengths included). */
  | { pattern: string }
  /** A list: the enum's values, in order (null aside). */
  | { enum: string }
  /** A list: some of the enum's values (open orders, dues as kept). */
  | { within: string }
  /** A number: the keyword's value there, times `scale` (rupees on the wire, paise here). */
  | { limit: string; keyword: string; scale?: number }
  /** A range {from, to}: the node's minimum and maximum. */
  | { range: string }
  /** Said in words: the node's description holds this phrase (and any bound there is looser). */
  | { said: string; phrase: (value: never) => string; bound?: string }
  /** Not a rule of the contract: why. */
  | { none: string };

const atMost = (v: number) => `at most ${v.toLocaleString('en-IN')}`;

/** Every rule src/domain exports, by its export name. */
const PAIRINGS: Record<string, Pairing | Pairing[]> = {
  // Patterns (validation.ts, ids.ts).
  PHONE_PATTERN: { pattern: `${SCHEMAS}/Phone` },
  OTP_PATTERN: { pattern: `${SCHEMAS}/Otp` },
  PAN_PATTERN: { pattern: `${SCHEMAS}/Pan` },
  IFSC_PATTERN: { pattern: `${SCHEMAS}/Ifsc` },
  ACCOUNT_NUMBER_PATTERN: { pattern: `${SCHEMAS}/AccountNumber` },
  NAME_PATTERN: { pattern: `${SCHEMAS}/Name` },
  ORDER_ID_PATTERN: { pattern: `${SCHEMAS}/OrderIdValue` },
  LINK_ID_PATTERN: { pattern: `${SCHEMAS}/LinkIdValue` },
  REFUND_ID_PATTERN: { pattern: `${SCHEMAS}/RefundIdValue` },

  // Lists (statuses.ts, constants.ts, onboarding.ts, feePlans.ts, reminders.ts, locale.ts).
  ORDER_STATUSES: { enum: `${SCHEMAS}/OrderStatus` },
  OPEN_ORDER_STATUSES: { within: `${SCHEMAS}/OrderStatus` },
  PAYMENT_STATUSES: { enum: `${SCHEMAS}/PaymentStatus` },
  PAYMENT_LINK_STATUSES: { enum: `${SCHEMAS}/PaymentLinkStatus` },
  REFUND_STATUSES: { enum: `${SCHEMAS}/RefundStatus` },
  REFUND_CAUSES: { none: 'kept in the database only (D112): the API shows a refund, not why' },
  DUE_STATUSES: { within: `${SCHEMAS}/DueStatus` },
  SHOWN_DUE_STATUSES: { enum: `${SCHEMAS}/DueStatus` },
  OPEN_DUE_STATUSES: { within: `${SCHEMAS}/DueStatus` },
  OPEN_SHOWN_DUE_STATUSES: { within: `${SCHEMAS}/DueStatus` },
  DUE_SETTLEMENTS: { enum: `${SCHEMAS}/Due/properties/settled_by` },
  DUE_PAID_BY: { enum: `${SCHEMAS}/DueSettle/properties/how` },
  FEE_PLAN_KINDS: { enum: `${SCHEMAS}/FeePlanKind` },
  REMINDER_KINDS: { enum: `${SCHEMAS}/Reminder/properties/kind` },
  REMINDER_SKIPS: { enum: `${SCHEMAS}/Reminder/properties/skipped` },
  REMINDER_CHANNELS: { enum: `${SCHEMAS}/ReminderSettings/properties/channel` },
  TEXT_CHANNELS: { enum: `${SCHEMAS}/Reminder/properties/channel` },
  TEXT_STATUSES: { within: `${SCHEMAS}/Reminder/properties/status` },
  PG_ONBOARDING_STATUSES: { enum: `${SCHEMAS}/OnboardingStatus` },
  PAYMENT_METHODS: { enum: `${SCHEMAS}/PaymentMethod` },
  USER_ROLES: { enum: `${SCHEMAS}/Role` },
  LOCALES: [
    { enum: `${SCHEMAS}/ValidateOtpResponse/properties/language` },
    { enum: '#/paths/~1students~1import~1template~1/get/parameters/0/schema' },
    { enum: `${SCHEMAS}/PersonalDataExport/properties/profile/properties/language` },
  ],
  DUE_FILTERS: {
    none: "the Dues table's filter, in the browser (D239): the API answers every due of the month",
  },
  STUDENT_STATUSES: { enum: '#/paths/~1students~1/get/parameters/2/schema' },
  STUDENT_CSV_COLUMNS: {
    none: "the CSV's columns (D241): found in the file by their many names, not a field of a request",
  },
  CHILD_DECISIONS: {
    enum: `${SCHEMAS}/ConsentAnswer/properties/children/items/properties/decision`,
  },
  CONSENT_KINDS: {
    none: 'kept in the database only (D319): the API answers a consent by its field',
  },
  ACTIVE_FLOWS: { none: "the browser's own: which payment journey a login resumes (spec §1)" },
  DEFAULT_REMINDER_DAYS: {
    said: `${SCHEMAS}/FeePlanCreate/properties/reminder_days`,
    phrase: (days: number[]) => `Default [${days.join(', ')}]`,
  },

  // Limits (constants.ts, reminders.ts, usernames.ts).
  NAME_MAX_LENGTH: [
    { limit: `${SCHEMAS}/Name`, keyword: 'maxLength' },
    {
      said: `${SCHEMAS}/NewStudent/properties/name`,
      phrase: atMost,
      bound: 'maxLength',
    },
  ],
  USERNAME_MIN_LENGTH: { limit: `${SCHEMAS}/Username`, keyword: 'minLength' },
  USERNAME_MAX_LENGTH: { limit: `${SCHEMAS}/Username`, keyword: 'maxLength' },
  USERNAME_BASE_MAX_LENGTH: { none: 'how long a username we suggest is, below the maximum' },
  PHONE_LENGTH: { none: 'in PHONE_PATTERN, compared with Phone above' },
  TEXT_VARIABLE_MAX_LENGTH: {
    none: "a DLT template variable's length (D209): where tutor words are cut in a text, not an input rule",
  },
  OTP_LENGTH: [
    { none: 'in OTP_PATTERN, compared with Otp above' },
    { said: post('/auth/generate-otp/'), phrase: (n: number) => `${n}-digit` },
  ],
  PAN_LENGTH: { none: 'in PAN_PATTERN, compared with Pan above' },
  IFSC_LENGTH: { none: 'in IFSC_PATTERN, compared with Ifsc above' },
  ACCOUNT_NUMBER_MIN_LENGTH: { none: 'in ACCOUNT_NUMBER_PATTERN, compared above' },
  ACCOUNT_NUMBER_MAX_LENGTH: { none: 'in ACCOUNT_NUMBER_PATTERN, compared above' },
  AMOUNT_MIN_PAISE: { limit: `${SCHEMAS}/BaseAmount`, keyword: 'minimum', scale: 100 },
  AMOUNT_MAX_PAISE: { limit: `${SCHEMAS}/BaseAmount`, keyword: 'maximum', scale: 100 },
  AMOUNT_INPUT_MAX_DIGITS: { none: "how many digits the amount field keeps (above the maximum's)" },
  PRICING_RANGE_MAX_PAISE: { none: "the pricing page's display range (spec §2)" },
  OTP_MAX_CODES_PER_HOUR: {
    said: post('/auth/generate-otp/'),
    phrase: (n: number) => `at most ${n} codes are sent per phone per hour`,
  },
  OTP_MAX_WRONG_TRIES: {
    said: post('/auth/validate-otp/'),
    phrase: (n: number) => `After ${n} wrong tries the code is burned`,
  },
  OTP_MAX_WRONG_TRIES_PER_DAY: {
    said: post('/auth/validate-otp/'),
    phrase: (n: number) => `after ${n} wrong tries per phone in 24 hours`,
  },
  API_KEYS_MAX_ACTIVE: {
    said: post('/auth/api-keys/'),
    phrase: (n: number) => `at most ${n} active keys`,
  },
  API_KEY_NAME_MAX_LENGTH: {
    limit: `${SCHEMAS}/ApiKeyCreate/properties/name`,
    keyword: 'maxLength',
  },
  PAYMENT_LINK_PURPOSE_MAX_LENGTH: {
    limit: `${SCHEMAS}/PaymentLinkCreate/properties/purpose`,
    keyword: 'maxLength',
  },
  PAYMENT_LINK_DEFAULT_EXPIRY_DAYS: {
    said: `${SCHEMAS}/PaymentLinkCreate/properties/expires_at`,
    phrase: (n: number) => `Default ${n} days after creation`,
  },
  PAYMENT_LINK_MAX_EXPIRY_DAYS: {
    said: post('/payments/payment-link/create/'),
    phrase: (n: number) => `more than ${n} days ahead is a 400`,
  },
  REFUND_REASON_MAX_LENGTH: {
    limit: `${SCHEMAS}/RefundRequest/properties/reason`,
    keyword: 'maxLength',
  },
  BATCH_MAX_LENGTH: {
    said: `${SCHEMAS}/NewStudent/properties/batch`,
    phrase: atMost,
    bound: 'maxLength',
  },
  STUDENT_IMPORT_MAX_ROWS: {
    said: post('/students/import/'),
    phrase: (n: number) => `${atMost(n)} rows`,
  },
  FEE_PLAN_NAME_MAX_LENGTH: [
    { said: `${SCHEMAS}/FeePlanCreate/properties/name`, phrase: atMost, bound: 'maxLength' },
    {
      said: `${SCHEMAS}/FeePlanChange/properties/name`,
      phrase: (n: number) => `At most ${n} characters`,
      bound: 'maxLength',
    },
  ],
  DUE_DAY_MAX: [
    { limit: `${SCHEMAS}/FeePlanCreate/properties/due_day`, keyword: 'maximum' },
    { limit: `${SCHEMAS}/FeePlanChange/properties/due_day`, keyword: 'maximum' },
  ],
  INSTALMENTS_MIN: {
    said: `${SCHEMAS}/FeePlanCreate/properties/instalments`,
    phrase: (n: number) => `at least ${n}`,
  },
  INSTALMENTS_MAX: {
    limit: `${SCHEMAS}/FeePlanCreate/properties/instalments`,
    keyword: 'maxItems',
  },
  CASH_NOTE_MAX: { limit: `${SCHEMAS}/CashEntryCreate/properties/note`, keyword: 'maxLength' },
  CASH_BACKDATE_DAYS: {
    none: "how far back a cash entry's day may go (D237): refused with its words, by the day",
  },
  DUE_NOTE_MAX_LENGTH: [
    { limit: `${SCHEMAS}/DueSettle/properties/note`, keyword: 'maxLength' },
    { limit: `${SCHEMAS}/DueWaive/properties/note`, keyword: 'maxLength' },
  ],
  REMINDER_DAYS_MAX: [
    { limit: `${SCHEMAS}/FeePlanCreate/properties/reminder_days`, keyword: 'maxItems' },
    { limit: `${SCHEMAS}/FeePlanChange/properties/reminder_days`, keyword: 'maxItems' },
  ],
  REMINDER_DAY_RANGE: [
    { range: `${SCHEMAS}/FeePlanCreate/properties/reminder_days/items` },
    { range: `${SCHEMAS}/FeePlanChange/properties/reminder_days/items` },
  ],
  REMINDER_HOURS: { none: 'when the reminder job sends, on the server' },

  // Autopay (autopay.ts, email.ts; issue 49).
  MANDATE_STATUSES: { enum: `${SCHEMAS}/MandateStatus` },
  FINAL_MANDATE_STATUSES: { within: `${SCHEMAS}/MandateStatus` },
  MANDATE_STAGES: { enum: `${SCHEMAS}/MandateStage` },
  DEBIT_STATES: { within: `${SCHEMAS}/AutopayDebit/properties/state` },
  LIVE_DEBIT_STATES: { within: `${SCHEMAS}/AutopayDebit/properties/state` },
  AUTOPAY_PLAN_KINDS: [
    { enum: `${SCHEMAS}/Mandate/properties/plan_kind` },
    { enum: `${SCHEMAS}/MyAutopayPlan/properties/plan_kind` },
  ],
  NOTICE_LEAD_DAYS: {
    said: `${SCHEMAS}/AutopayDebit`,
    phrase: (n: number) => `from ${n} days before the due date`,
  },
  NOTICE_MIN_MS: {
    said: `${SCHEMAS}/AutopayDebit`,
    phrase: (ms: number) => `at least ${ms / 3_600_000} hours before the debit`,
  },
  INSTALMENT_MANDATE_GRACE_DAYS: {
    said: post('/my-autopay/'),
    phrase: (n: number) => `to ${n} days after the last instalment`,
  },
  EMAIL_PATTERN: {
    said: `${SCHEMAS}/MandateCreate/properties/email`,
    phrase: () => 'one @, a dotted domain and no spaces',
  },
  EMAIL_MAX_LENGTH: {
    said: `${SCHEMAS}/MandateCreate/properties/email`,
    phrase: (n: number) => `at most ${n} characters`,
    bound: 'maxLength',
  },
  // Payouts and GST (statuses.ts, gstTax.ts, gstStates.ts, taxProfile.ts, taxSerial.ts).
  PAYOUT_STATUSES: { enum: `${SCHEMAS}/PayoutStatus` },
  PAYOUT_ITEM_KINDS: { enum: `${SCHEMAS}/PayoutItem/properties/kind` },
  TAX_DOCUMENT_KINDS: { enum: `${SCHEMAS}/TaxDocumentKind` },
  SUPPLY_TYPES: { enum: `${SCHEMAS}/TaxDocument/properties/supply_type` },
  TAX_LINE_ITEMS: { enum: `${SCHEMAS}/TaxDocument/properties/lines/items/properties/item` },
  GST_STATE_CHOICES: {
    none: "the states the GST tab's picker offers; the server checks a state code against GST_STATES",
  },
  TAX_ADDRESS_MAX_LENGTH: {
    limit: `${SCHEMAS}/TaxProfileUpdate/properties/address`,
    keyword: 'maxLength',
  },
  TAX_SERIAL_MAX_LENGTH: {
    limit: `${SCHEMAS}/TaxDocument/properties/serial`,
    keyword: 'maxLength',
  },
};

/**
 * The contract's enums and patterns that no domain rule claims: the server's own (it makes or
 * reads them; the browser only shows them or sends none), with why.
 */
const SERVERS_OWN: Record<string, string> = {
  [`${SCHEMAS}/StudentField`]: 'names the CSV column a problem is in (answers only)',
  [`${SCHEMAS}/Student/properties/source`]: 'how the server knows a student (answers only)',
  [`${SCHEMAS}/StudentImportRequest/properties/accept`]: 'sent as literals by the import dialog',
  [`${SCHEMAS}/Receipt/properties/method`]: "the receipt's words for the method (answers only)",
  [`${SCHEMAS}/WebhookReceipt/properties/result`]: "the gateway's webhooks (no browser)",
  [`${SCHEMAS}/SettlementType`]: 'one value, SETTLEMENT_TYPE (compared below)',
  [`${SCHEMAS}/PgName`]: 'one value, PG_NAME (compared below)',
  [`${SCHEMAS}/Username`]: 'isValidUsernameShape, compared below',
  [`${SCHEMAS}/RequestDateTime`]: 'instants the browser makes from a date picker',
  [`${SCHEMAS}/IstDate`]: 'dates the browser makes from a date picker',
  [`${SCHEMAS}/PlainText`]: 'the server refuses control characters in any text',
  [`${SCHEMAS}/BankAccount/properties/masked_account_number`]: 'made by the server',
  [`${SCHEMAS}/ApiKeyCreated/allOf/1/properties/key`]: 'made by the server',
  [`${SCHEMAS}/PaymentsReceivedSummary/properties/this_month/properties/month`]: 'answers only',
  '#/components/parameters/IdempotencyKey/schema': 'the browser makes the key (randomUUID)',
  [`${SCHEMAS}/Student/properties/consent`]: "where a child's consent stands (answers only)",
  [`${SCHEMAS}/User/properties/pan`]: 'masked by the server (D315)',
  [`${SCHEMAS}/OnboardingIdentity/properties/pan`]: 'masked by the server (D315)',
  [`${SCHEMAS}/NoticeVersion`]: 'the browser sends back NOTICE_VERSION (compared below)',
  [`${SCHEMAS}/ErasureReport/properties/kept/items/properties/kind`]:
    'what was kept (answers only)',
  [`${SCHEMAS}/AuditAction`]: 'written by the server (D323); the trail only shows them',
  [`${SCHEMAS}/AuditEvent/properties/by`]: 'who acted, as the server tells it (answers only)',
  '#/components/parameters/MandateId/schema': 'made by the server (newMandateId); sent back only',
  [`${SCHEMAS}/MyAutopayPlan/properties/refusal`]: 'why a plan cannot have Autopay (answers only)',
  '#/components/parameters/FinancialYear/schema':
    'the browser picks a year the server offers; parseFinancialYear also checks the years follow',
  [`${SCHEMAS}/GstStateCode`]:
    "made by the server from a GSTIN or the picker's state (answers only)",
  '#/paths/~1tax-documents~1register~1/get/parameters/1/schema':
    "sent as literals by the GST tab's two downloads",
};

// ---------------------------------------------------------------- src/domain, walked

const modules = import.meta.glob<Record<string, unknown>>('../../src/domain/*.ts', { eager: true });
const exportsOf = new Map<string, unknown>();
for (const mod of Object.values(modules)) {
  for (const [name, value] of Object.entries(mod)) exportsOf.set(name, value);
}

const isList = (v: unknown): v is readonly (string | number)[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => ['string', 'number'].includes(typeof x));
const isRange = (v: unknown): v is { from: number; to: number } =>
  typeof v === 'object' && v !== null && Object.keys(v).join() === 'from,to';
/** A number that bounds what a field takes (its name says a length, a limit or a count). */
const isLimitName = (name: string) => /(^|_)(MIN|MAX)(_|$)|LENGTH|ROWS|DIGITS|_DAYS$/.test(name);

/** What src/domain exports that is a rule: every pattern, list and range, and each limit. */
const domainRules = [...exportsOf].filter(
  ([name, value]) =>
    value instanceof RegExp ||
    isList(value) ||
    isRange(value) ||
    (typeof value === 'number' && isLimitName(name)),
);

// ---------------------------------------------------------------- the contract, walked

/** Every enum and pattern of the contract, by JSON pointer (examples are not rules). */
function contractRules(): string[] {
  const found: string[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (Array.isArray(n.enum) || typeof n.pattern === 'string') found.push(pointer);
    for (const [key, child] of Object.entries(n)) {
      if (key === 'examples' || key === 'example') continue;
      walk(child, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    }
  };
  walk(api.components, '#/components');
  walk(api.paths, '#/paths');
  return found;
}

// ---------------------------------------------------------------- comparing

/** The example and its near misses: each character swapped for a digit, a letter, its case. */
function nearMisses(example: string): string[] {
  const out = new Set([example, '', `${example}0`, `${example}A`, example.slice(1)]);
  for (let i = 0; i < example.length; i++) {
    for (const ch of ['0', '5', '9', 'A', 'P', 'z', ' ', '-', example[i]!.toLowerCase()]) {
      out.add(example.slice(0, i) + ch + example.slice(i + 1));
    }
  }
  return [...out];
}

/** Strings one pattern accepts and the other does not (the contract's lengths included). */
function patternDifferences(ours: RegExp, node: Node): string[] {
  const theirs = new RegExp(node.pattern!, 'u');
  const samples = [
    ...(node.examples as string[]).flatMap(nearMisses),
    ...fc.sample(fc.string({ unit: 'binary-ascii', maxLength: 50 }), { numRuns: 300, seed: 7 }),
  ];
  const lengthOk = (s: string) =>
    (node.minLength === undefined || s.length >= node.minLength) &&
    (node.maxLength === undefined || s.length <= node.maxLength);
  return samples.filter((s) => ours.test(s) !== (theirs.test(s) && lengthOk(s)));
}

const enumOf = (node: Node) => (node.enum ?? []).filter((v) => v !== null);

function compare(name: string, value: unknown, pairing: Pairing): void {
  if ('pattern' in pairing) {
    const node = at(pairing.pattern);
    const differ = patternDifferences(value as RegExp, node);
    // A Name's length is NAME_MAX_LENGTH's to compare (its limit pairing).
    const nameMax = at(`${SCHEMAS}/Name`).maxLength!;
    expect(
      differ.filter((s) => pairing.pattern !== `${SCHEMAS}/Name` || s.length <= nameMax),
      name,
    ).toEqual([]);
  } else if ('enum' in pairing) {
    expect([...(value as unknown[])], name).toEqual(enumOf(at(pairing.enum)));
  } else if ('within' in pairing) {
    expect(enumOf(at(pairing.within)), name).toEqual(expect.arrayContaining([...(value as [])]));
  } else if ('limit' in pairing) {
    const bound = at(pairing.limit)[pairing.keyword];
    expect(bound, `${name}: ${pairing.limit} ${pairing.keyword}`).toBe(
      (value as number) / (pairing.scale ?? 1),
    );
  } else if ('range' in pairing) {
    const node = at(pairing.range);
    const { from, to } = value as { from: number; to: number };
    expect([node.minimum, node.maximum], name).toEqual([from, to]);
  } else if ('said' in pairing) {
    const node = at(pairing.said);
    expect(words(node), `${name}: ${pairing.said}`).toContain(pairing.phrase(value as never));
    if (pairing.bound) {
      expect(node[pairing.bound] as number, name).toBeGreaterThanOrEqual(value as number);
    }
  } else {
    expect(pairing.none, name).not.toBe('');
  }
}

/** Every check in a zod (mini) schema, nested ones too: regexes and the numbers they bound by. */
function zodChecks(schema: unknown, seen = new Set<unknown>()): (RegExp | number)[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const own = ((def.checks as { _zod?: { def?: Record<string, unknown> } }[] | undefined) ?? [])
    .map((check) => check._zod?.def ?? {})
    .flatMap((c): (RegExp | number)[] =>
      c.pattern instanceof RegExp
        ? [c.pattern]
        : (['minimum', 'maximum', 'value'] as const)
            .map((key) => c[key])
            .filter((v): v is number => typeof v === 'number'),
    );
  const children = [
    def.in,
    def.out,
    def.innerType,
    def.element,
    ...Object.values((def.shape as Record<string, unknown> | undefined) ?? {}),
  ];
  return [...own, ...children.flatMap((child) => zodChecks(child, seen))];
}

// ---------------------------------------------------------------- the tests

describe('src/domain follows the contract', () => {
  it('pairs every rule src/domain exports with the contract, or says why not', () => {
    const unpaired = domainRules.map(([name]) => name).filter((name) => !(name in PAIRINGS));
    expect(unpaired).toEqual([]);
    const gone = Object.keys(PAIRINGS).filter((name) => !exportsOf.has(name));
    expect(gone).toEqual([]);
  });

  it.each(Object.entries(PAIRINGS))('%s says what the contract says', (name, pairings) => {
    for (const pairing of [pairings].flat()) compare(name, exportsOf.get(name), pairing);
  });

  it("claims every enum and pattern of the contract, or names it the server's own", () => {
    const claimed = new Set(
      Object.values(PAIRINGS)
        .flat()
        .flatMap((p) =>
          'pattern' in p ? p.pattern : 'enum' in p ? p.enum : 'within' in p ? p.within : [],
        ),
    );
    const unclaimed = contractRules().filter(
      (pointer) =>
        !claimed.has(pointer) &&
        !(pointer in SERVERS_OWN) &&
        // Webhook and provider endpoints: signatures, timestamps, tokens (no browser).
        !/^#\/paths\/~1(payments~1pg~1((onboarding|subscriptions)~1|settlement-)?webhook|sms|whatsapp)~1/.test(
          pointer,
        ) &&
        // Query parameters of the dues tab's months: built by shiftMonth, not typed.
        !/^#\/paths\/~1dues~1(months~1)?\/get\/parameters\//.test(pointer),
    );
    expect(unclaimed).toEqual([]);
    expect(
      Object.keys(SERVERS_OWN).filter((pointer) => !contractRules().includes(pointer)),
    ).toEqual([]);
  });

  it("builds the domain's zod schemas from those rules alone", () => {
    const rules = domainRules.map(([, value]) => value);
    const allowed = (check: RegExp | number) =>
      check instanceof RegExp
        ? rules.some((r) => r instanceof RegExp && r.source === check.source)
        : rules.includes(check) ||
          // Units and emptiness: paise in a rupee, at least one character.
          check === exportsOf.get('PAISE_PER_RUPEE') ||
          check === 1;
    const schemas = [...exportsOf].filter(([, v]) => (v as { _zod?: unknown })?._zod);
    expect(schemas.length).toBeGreaterThan(10);
    const strays = schemas.flatMap(([name, schema]) =>
      zodChecks(schema)
        .filter((check) => !allowed(check))
        .map((check) => `${name}: ${String(check)}`),
    );
    expect(strays).toEqual([]);
  });

  it('the single values: PG_NAME, SETTLEMENT_TYPE', () => {
    expect([exportsOf.get('PG_NAME')]).toEqual(enumOf(at(`${SCHEMAS}/PgName`)));
    expect([exportsOf.get('SETTLEMENT_TYPE')]).toEqual(enumOf(at(`${SCHEMAS}/SettlementType`)));
  });

  it("NOTICE_VERSION: the contract's NoticeVersion takes it, and shows it", () => {
    const contract = at(`${SCHEMAS}/NoticeVersion`);
    expect(exportsOf.get('NOTICE_VERSION')).toMatch(new RegExp(contract.pattern!));
    expect(contract.examples).toContain(exportsOf.get('NOTICE_VERSION'));
  });

  it('Username: the same shapes are valid', () => {
    const contract = at(`${SCHEMAS}/Username`);
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
});
