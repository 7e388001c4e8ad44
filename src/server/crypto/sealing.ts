// Personal data sealed at rest (issue 54, D315): AES-256-GCM from node:crypto, a random 12-byte
// IV per value, the field's name as additional data (a value copied into another column does
// not open), and the key's id written in front of each value, so a job re-seals values under a
// new key (rotation.ts) while the old key still opens the rest. Equality look-ups (a PAN already
// registered) use a keyed hash instead: lookupHash, keyed by APP_SECRET like D31's fingerprint.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,16}$/;

/** The fields we seal; each is its values' additional data. */
export type SealedField = 'users.pan' | 'bank_accounts.verification_reference' | 'erasures.kept';

export interface DataKey {
  id: string;
  key: Buffer;
}

/** The keys of DATA_ENCRYPTION_KEYS, the first the one new values are sealed with. */
export interface Keyring {
  current: DataKey;
  all: ReadonlyMap<string, Buffer>;
}

/**
 * The development keys (README): in the source, so refused in production (config.ts). 32 bytes
 * of a fixed phrase, base64.
 */
export const DEV_DATA_ENCRYPTION_KEYS = `dev1:${Buffer.from('tuitionpay-dev-data-key-not-prod').toString('base64')}`;

/**
 * `keyId:base64key` entries separated by commas, the first current: e.g.
 * `k2:<new>,k1:<old>` while a rotation runs. Throws a sentence naming what is wrong.
 */
export function parseKeyring(text: string): Keyring {
  const entries = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('needs at least one keyId:base64key entry');
  const all = new Map<string, Buffer>();
  for (const entry of entries) {
    const at = entry.indexOf(':');
    const id = at < 0 ? '' : entry.slice(0, at);
    if (!KEY_ID.test(id)) {
      throw new Error('each entry is keyId:base64key, the id of 1-16 letters, digits, _ or -');
    }
    const key = Buffer.from(entry.slice(at + 1), 'base64');
    if (key.length !== KEY_BYTES) {
      throw new Error(`key ${id} is not ${KEY_BYTES} bytes of base64 (openssl rand -base64 32)`);
    }
    if (all.has(id)) throw new Error(`key id ${id} appears twice`);
    all.set(id, key);
  }
  const [firstId] = entries[0]!.split(':');
  return { current: { id: firstId!, key: all.get(firstId!)! }, all };
}

/** A new random key in the variable's form, for the README's rotation steps. */
export function newKeyEntry(id: string): string {
  return `${id}:${randomBytes(KEY_BYTES).toString('base64')}`;
}

export class SealError extends Error {
  override name = 'SealError';
}

export interface Sealer {
  /** `keyId.base64url(iv ‖ ciphertext ‖ tag)`. */
  seal(field: SealedField, plain: string): string;
  /** The plain value; throws SealError for an unknown key or a value that does not verify. */
  open(field: SealedField, sealed: string): string;
  /** The id of the key a sealed value is under. */
  keyIdOf(sealed: string): string;
  readonly currentKeyId: string;
}

export function createSealer(keyring: Keyring): Sealer {
  const keyIdOf = (sealed: string) => sealed.slice(0, Math.max(0, sealed.indexOf('.')));
  return {
    currentKeyId: keyring.current.id,
    keyIdOf,
    seal(field, plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, keyring.current.key, iv);
      cipher.setAAD(Buffer.from(field));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const packed = Buffer.concat([iv, body, cipher.getAuthTag()]);
      return `${keyring.current.id}.${packed.toString('base64url')}`;
    },
    open(field, sealed) {
      const id = keyIdOf(sealed);
      const key = keyring.all.get(id);
      if (!key) throw new SealError(`no key ${id || '(none)'} in DATA_ENCRYPTION_KEYS`);
      const packed = Buffer.from(sealed.slice(id.length + 1), 'base64url');
      if (packed.length < IV_BYTES + TAG_BYTES) throw new SealError('a sealed value is cut short');
      const decipher = createDecipheriv(ALGORITHM, key, packed.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(field));
      decipher.setAuthTag(packed.subarray(packed.length - TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(packed.subarray(IV_BYTES, packed.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SealError(`a ${field} value does not verify under key ${id}`);
      }
    },
  };
}

/**
 * The keyed hash an equality look-up compares (D315): HMAC-SHA256 under APP_SECRET, so it
 * stays the same through a data-key rotation and a leaked table alone cannot be brute-forced.
 */
export function lookupHash(secret: string, field: SealedField, value: string): string {
  return createHmac('sha256', secret).update(`${field}:${value}`).digest('hex');
}
