// Every value the browser keeps (spec §3), behind one typed module.
//
// - Each key has its storage name (the spec's names), the area it lives in and a zod schema.
// - `get` parses on read: a corrupt or tampered value reads as absent (null), the bad entry is
//   removed, and nothing throws.
// - `set` validates (an invalid value is a programming error and throws StorageValueError).
// - When the browser's storage is unavailable or full (private mode, quota, blocked cookies),
//   values are kept in memory for the life of the page instead of crashing.
// - Strings are stored as they are (a token reads the same in devtools); everything else is JSON.
//   A flag set to true is stored as 'true', the spec's flag value.
// zod/mini: the tree-shakable zod 4 API. This module ships with the entry chunk, where the
// classic API would cost ~30 KB gzip on every first paint.
import * as z from 'zod/mini';
import { ACTIVE_FLOWS, isSameOriginPath } from '../domain/activeFlow';
import { USER_ROLES } from '../domain/constants';

type Area = 'local' | 'session';

interface KeyDef<T> {
  /** 'text' stores the string itself; 'json' stores JSON. */
  readonly codec: 'text' | 'json';
  readonly area: Area;
  readonly schema: z.ZodMiniType<T>;
}

// Issue 11: a key's schema is built the first time the key is read or written, not when this
// module loads: every screen loads it, and building all the schemas at once was a phone's
// main thread busy after the first paint, though a first visit touches two or three keys.
const keyDef = <T>(codec: KeyDef<T>['codec'], make: () => z.ZodMiniType<T>, area: Area) => {
  let schema: z.ZodMiniType<T> | undefined;
  return {
    codec,
    area,
    get schema() {
      return (schema ??= make());
    },
  } as KeyDef<T>;
};
const text = <T extends string>(make: () => z.ZodMiniType<T>, area: Area = 'local') =>
  keyDef('text', make, area);
const json = <T>(make: () => z.ZodMiniType<T>, area: Area = 'local') => keyDef('json', make, area);

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const noControl = () => z.refine<string>((s) => !CONTROL.test(s));

/** Opaque bearer token: printable ASCII without spaces, so it is safe in a header. */
const token = () => z.string().check(z.minLength(1), z.maxLength(4096), z.regex(/^[\x21-\x7e]+$/));
/** Server ids (users, orders, links) are kept as opaque strings: '42', 'order_1', a UUID. */
const id = () => z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/));
const name = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(200), noControl());
/** Spec §5: exactly 10 digits starting with 6-9. */
const phone = () => z.string().check(z.regex(/^[6-9]\d{9}$/));
/** D9: amounts are integer paise. Business limits (D11) belong to the forms, not to storage. */
const paise = () => z.int().check(z.nonnegative());
/** D15: only a same-origin path is ever kept as a navigation target. */
const sameOriginPath = () => z.string().check(z.refine<string>(isSameOriginPath));
/** location.search as the router gives it: '' or '?…'. */
const query = () =>
  z.string().check(
    z.refine<string>((s) => s === '' || s.startsWith('?')),
    noControl(),
  );
const username = () =>
  z.string().check(
    z.minLength(1),
    z.maxLength(100),
    noControl(),
    z.refine<string>((s) => !/[\s/\\?#]/.test(s)),
  );
const flag = () => z.boolean();
/**
 * Names and PAN of a form being filled (spec §3 "onboarding names and PAN", "autoFillDetails").
 * D16: PAN never stays in the browser beyond that form: these live in sessionStorage (gone
 * with the tab) and the screen removes them once the form is submitted. The PAN is a draft
 * (spec §5 input rule: upper-case letters and digits, at most 10), validated by the form.
 */
const formNames = () => {
  const formName = z.optional(z.string().check(z.maxLength(100), noControl()));
  return z.object({
    firstName: formName,
    lastName: formName,
    pan: z.optional(z.string().check(z.regex(/^[A-Z0-9]{0,10}$/))),
  });
};

export const storageKeys = {
  // Session (D13: the token is in localStorage, cleared with every key at logout).
  'access-token': text(token),
  userId: text(id),
  studentLogin: json(flag),
  tutorLogin: json(flag),
  phoneNumber: text(phone),

  // Active flow (spec §4).
  activeFlow: text(() => z.enum(ACTIVE_FLOWS)),
  activeFlowUrl: text(sameOriginPath),
  activeFlowQuery: text(query),

  // Ongoing payment (cleared on success, D1).
  orderId: text(id),
  activePaymentTutorName: text(name),
  activePaymentTutorId: text(id),
  /** D65: the gateway approved the payee's KYC (the login's payee panel shows the mark). */
  activePaymentTutorVerified: json(flag),
  activePaymentAmount: json(paise),
  totalAmount: json(paise),
  tutorPhone: text(phone),
  payeeUserId: text(id),
  linkId: text(id),
  /** D20: the booked session, ISO instants; shown in IST (D21). */
  sessionDateTime: json(() =>
    z.object({ start: z.iso.datetime({ offset: true }), end: z.iso.datetime({ offset: true }) }),
  ),

  /** D125: the payment that went through last, once the keys above are cleared. */
  paidOrderId: text(id),

  // Tutor onboarding.
  tutorOnboardingStep: json(() => z.int().check(z.minimum(0), z.maximum(3))),
  tutorOnboardingNavigation: text(sameOriginPath),
  onboardingUsername: text(username),
  showDialog: json(flag),

  /**
   * Issue 13: the phone a login code went to, when and with how long before Resend, so a reload
   * on the code step comes back to it (D128). Session area: gone with the tab; no code in it.
   */
  codeSentTo: json(
    () =>
      z.object({
        role: z.enum(USER_ROLES),
        phone: phone(),
        at: z.int().check(z.nonnegative()),
        resendAfter: z.nullable(z.int().check(z.nonnegative())),
      }),
    'session',
  ),

  // Forms being filled (D16: session area, removed after submit).
  autoFillDetails: json(formNames, 'session'),
  onboardingDetails: json(formNames, 'session'),
} as const;

export type StorageKey = keyof typeof storageKeys;
export type StorageValue<K extends StorageKey> =
  (typeof storageKeys)[K] extends KeyDef<infer T> ? T : never;

/** D1: the ongoing-payment keys, cleared when a payment succeeds. */
export const PAYMENT_KEYS = [
  'orderId',
  'activePaymentTutorName',
  'activePaymentTutorId',
  'activePaymentTutorVerified',
  'activePaymentAmount',
  'totalAmount',
  'tutorPhone',
  'payeeUserId',
  'linkId',
  'sessionDateTime',
] as const satisfies readonly StorageKey[];

export const ACTIVE_FLOW_KEYS = [
  'activeFlow',
  'activeFlowUrl',
  'activeFlowQuery',
] as const satisfies readonly StorageKey[];

export class StorageValueError extends Error {
  constructor(key: StorageKey, cause: unknown) {
    super(`Refusing to store an invalid value under '${key}'.`, { cause });
    this.name = 'StorageValueError';
  }
}

/** The part of the Web Storage API this module uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * One storage area with a memory overlay: a write the browser refuses (no storage, private
 * mode, quota) lands in memory, and reads prefer memory. Nothing here throws.
 */
class ResilientArea {
  private readonly memory = new Map<string, string>();
  constructor(private readonly real: () => StorageLike | null) {}

  read(key: string): string | null {
    if (this.memory.has(key)) return this.memory.get(key) ?? null;
    try {
      return this.real()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  write(key: string, raw: string): void {
    try {
      const real = this.real();
      if (!real) throw new Error('no storage');
      real.setItem(key, raw);
      this.memory.delete(key);
    } catch {
      this.memory.set(key, raw);
      this.removeReal(key); // an older value must not reappear later
    }
  }

  remove(key: string): void {
    this.memory.delete(key);
    this.removeReal(key);
  }

  private removeReal(key: string): void {
    try {
      this.real()?.removeItem(key);
    } catch {
      // unavailable: nothing to remove
    }
  }
}

function browserArea(area: Area): () => StorageLike | null {
  return () => {
    try {
      // Reading the property itself throws in some browsers when storage is blocked.
      return (area === 'local' ? globalThis.localStorage : globalThis.sessionStorage) ?? null;
    } catch {
      return null;
    }
  };
}

export interface TypedStorage {
  get<K extends StorageKey>(key: K): StorageValue<K> | null;
  set<K extends StorageKey>(key: K, value: StorageValue<K>): void;
  remove(key: StorageKey): void;
  /** Logout (D13): removes every key of ours, in both areas. */
  clearAll(): void;
  /** D1: removes the ongoing-payment keys after a successful payment. */
  clearPayment(): void;
  /** Spec §2 aadhar-redirect: forget the active flow. */
  clearActiveFlow(): void;
}

/**
 * Builds the storage. Pass areas to test failure modes; `null` means "no storage at all".
 * By default it uses the browser's localStorage and sessionStorage, read on every call.
 */
export function createStorage(
  backends: { local?: StorageLike | null; session?: StorageLike | null } = {},
): TypedStorage {
  const areas: Record<Area, ResilientArea> = {
    local: new ResilientArea(
      'local' in backends ? () => backends.local ?? null : browserArea('local'),
    ),
    session: new ResilientArea(
      'session' in backends ? () => backends.session ?? null : browserArea('session'),
    ),
  };
  const def = (key: StorageKey): KeyDef<unknown> => storageKeys[key];

  const remove = (key: StorageKey) => areas[def(key).area].remove(key);

  return {
    get(key) {
      const { area, codec, schema } = def(key);
      const raw = areas[area].read(key);
      if (raw === null) return null;
      let decoded: unknown = raw;
      if (codec === 'json') {
        try {
          decoded = JSON.parse(raw);
        } catch {
          remove(key);
          return null;
        }
      }
      const parsed = schema.safeParse(decoded);
      if (!parsed.success) {
        remove(key);
        return null;
      }
      return parsed.data as StorageValue<typeof key>;
    },
    set(key, value) {
      const { area, codec, schema } = def(key);
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw new StorageValueError(key, parsed.error);
      const raw = codec === 'text' ? String(parsed.data) : JSON.stringify(parsed.data);
      areas[area].write(key, raw);
    },
    remove,
    clearAll() {
      for (const key of Object.keys(storageKeys) as StorageKey[]) remove(key);
    },
    clearPayment() {
      for (const key of PAYMENT_KEYS) remove(key);
    },
    clearActiveFlow() {
      for (const key of ACTIVE_FLOW_KEYS) remove(key);
    },
  };
}

/** The app's storage. */
export const storage: TypedStorage = createStorage();
