// PANs at rest and on the way out (D315, D316): stored sealed with a keyed hash beside, shown
// masked (ABCPV****K) to everyone, the owner included, except on their own data page (D324).
import type { UserRow } from '../db/schema';
import { lookupHash, type Sealer } from '../crypto/sealing';

/** Whether a verified PAN is on file (D58: every PAN stored was verified). */
export const hasPan = (user: Pick<UserRow, 'panSealed'>): boolean => user.panSealed !== null;

/** The first five and the last character: ABCPV****K, as Cashfree and Razorpay show a PAN. */
export function maskPan(pan: string): string {
  return `${pan.slice(0, 5)}${'*'.repeat(Math.max(0, pan.length - 6))}${pan.slice(-1)}`;
}

export function createPanStore({ sealer, secret }: { sealer: Sealer; secret: string }) {
  const hashOf = (pan: string) => lookupHash(secret, 'users.pan', pan);
  const reveal = (user: Pick<UserRow, 'panSealed'>): string | null =>
    user.panSealed === null ? null : sealer.open('users.pan', user.panSealed);
  return {
    hashOf,
    /** The columns that store `pan`: sealed, and its hash. */
    columns: (pan: string) => ({ panSealed: sealer.seal('users.pan', pan), panHash: hashOf(pan) }),
    /** Whether `user`'s PAN is `pan`, without opening it. */
    matches: (user: Pick<UserRow, 'panHash' | 'panSealed'>, pan: string) =>
      user.panHash !== null
        ? user.panHash === hashOf(pan)
        : user.panSealed !== null && reveal(user) === pan,
    reveal,
    masked: (user: Pick<UserRow, 'panSealed'>): string | null => {
      const pan = reveal(user);
      return pan === null ? null : maskPan(pan);
    },
  };
}

export type PanStore = ReturnType<typeof createPanStore>;
