// Key rotation (issue 54, D315): every sealed value not under the current key (the first of
// DATA_ENCRYPTION_KEYS) is opened with its own key and sealed again under the current one, a
// batch a run, by the hourly job. Each value is rewritten only if it is still the one read, so
// a rotation racing a change (a PAN saved, an erasure) never overwrites the newer value. Once a
// run finds nothing left, the old key can leave the variable (README, rotating the key).
import { and, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Clock } from '../clock';
import type { Sealer, SealedField } from '../crypto/sealing';
import type { Database } from '../db/client';
import { bankAccounts, erasures, users } from '../db/schema';
import type { AuditTrail } from './audit';

const BATCH = 500;

/** A table's sealed column: its field name (the additional data), its table, row id and property. */
export interface SealedColumn {
  field: SealedField;
  table: typeof users | typeof bankAccounts | typeof erasures;
  id: PgColumn;
  value: PgColumn;
  property: 'panSealed' | 'verificationReferenceSealed' | 'kept';
}

/** Every sealed column (also what the breach command reads, scripts/exposure.ts). */
export const SEALED_COLUMNS: SealedColumn[] = [
  {
    field: 'users.pan',
    table: users,
    id: users.id,
    value: users.panSealed,
    property: 'panSealed',
  },
  {
    field: 'bank_accounts.verification_reference',
    table: bankAccounts,
    id: bankAccounts.id,
    value: bankAccounts.verificationReferenceSealed,
    property: 'verificationReferenceSealed',
  },
  {
    field: 'erasures.kept',
    table: erasures,
    id: erasures.userId,
    value: erasures.kept,
    property: 'kept',
  },
];

/** Sealed values under another key than `keyId`. */
export const notUnder = (column: PgColumn, keyId: string): SQL =>
  and(isNotNull(column), ne(sql`split_part(${column}, '.', 1)`, keyId))!;

export function createKeyRotation(deps: {
  db: Database;
  clock: Clock;
  sealer: Sealer;
  audit: AuditTrail;
}) {
  const { db, sealer, audit } = deps;
  return {
    /** One batch per column; how many values moved to the current key. */
    async run(): Promise<number> {
      let moved = 0;
      for (const column of SEALED_COLUMNS) {
        const rows = (await db
          .select({ id: column.id, value: column.value })
          .from(column.table)
          .where(notUnder(column.value, sealer.currentKeyId))
          .limit(BATCH)) as { id: number; value: string }[];
        for (const row of rows) {
          const resealed = sealer.seal(column.field, sealer.open(column.field, row.value));
          const changed = await db
            .update(column.table)
            .set({ [column.property]: resealed } as never)
            .where(and(eq(column.id, row.id), eq(column.value, row.value)))
            .returning({ id: column.id });
          moved += changed.length;
        }
      }
      if (moved > 0) {
        await audit.record(db, {
          actorId: null,
          action: 'keys.rotated',
          detail: { values: moved, key: sealer.currentKeyId },
        });
      }
      return moved;
    },
  };
}

export type KeyRotation = ReturnType<typeof createKeyRotation>;
