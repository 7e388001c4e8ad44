// Data steps between migrations (D318): code that must run after one migration and before the
// next, under the same advisory lock (client.ts). Today one: migration 0020 added the sealed
// columns, this seals the plain PANs and penny-drop references into them and empties the plain
// ones, and 0021 then drops them, so no PAN is left in plain text anywhere in the database.
import { sql } from 'drizzle-orm';
import { createSealer, lookupHash, type Keyring } from '../crypto/sealing';
import { isUniqueViolation } from '../services/dbErrors';
import type { Database } from './client';
import { selectRows } from './client';

export interface DataStep {
  /** The tag of the migration this step must run before (its journal entry). */
  before: string;
  run(db: Database): Promise<void>;
}

/** Rows sealed per statement batch: bounded memory whatever the table's size. */
const BATCH = 500;

export function dataSteps(options: { dataKeys?: Keyring; appSecret?: string }): DataStep[] {
  return [{ before: '0021_drop_plain_pan', run: (db) => sealPlainValues(db, options) }];
}

async function sealPlainValues(db: Database, options: { dataKeys?: Keyring; appSecret?: string }) {
  const keys = () => {
    if (!options.dataKeys || !options.appSecret) {
      throw new Error('plain PANs to seal: start with DATA_ENCRYPTION_KEYS and APP_SECRET set');
    }
    return { sealer: createSealer(options.dataKeys), secret: options.appSecret };
  };
  for (;;) {
    const rows = await selectRows<{ id: number; pan: string }>(
      db,
      sql`select id, pan from users where pan is not null order by id limit ${BATCH}`,
    );
    if (rows.length === 0) break;
    const { sealer, secret } = keys();
    for (const { id, pan } of rows) {
      const sealed = sealer.seal('users.pan', pan);
      const hash = lookupHash(secret, 'users.pan', pan);
      try {
        await db.execute(
          sql`update users set pan_sealed = ${sealed}, pan_hash = ${hash}, pan = null where id = ${id}`,
        );
      } catch (error) {
        // D316: a second tutor with a PAN already on a tutor account keeps it sealed, unhashed.
        if (!isUniqueViolation(error, 'users_tutor_pan_idx')) throw error;
        await db.execute(sql`update users set pan_sealed = ${sealed}, pan = null where id = ${id}`);
      }
    }
  }
  for (;;) {
    const rows = await selectRows<{ id: number; reference: string }>(
      db,
      sql`select id, verification_reference as reference from bank_accounts
          where verification_reference is not null order by id limit ${BATCH}`,
    );
    if (rows.length === 0) break;
    const { sealer } = keys();
    for (const { id, reference } of rows) {
      const sealed = sealer.seal('bank_accounts.verification_reference', reference);
      await db.execute(
        sql`update bank_accounts set verification_reference_sealed = ${sealed},
            verification_reference = null where id = ${id}`,
      );
    }
  }
}
