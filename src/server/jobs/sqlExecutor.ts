// pg-boss brings its own SQL ($1..$n parameters); this runs it on our connection: the
// postgres.js client or PGlite of `db`, or a transaction of ours, so a job is enqueued
// atomically with the state change that needs it.
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../db/client';

export interface SqlExecutor {
  // pg-boss reads whatever columns its SQL selects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/**
 * pg-boss passes options and job data as objects for json columns; node-postgres and PGlite
 * write those as JSON themselves, postgres.js only when told the type, so they go as text.
 */
const asParameter = (value: unknown) =>
  value !== null &&
  typeof value === 'object' &&
  !(value instanceof Date) &&
  !Array.isArray(value) &&
  !Buffer.isBuffer(value)
    ? JSON.stringify(value)
    : (value ?? null);

/** `text` with $n placeholders as one drizzle SQL object. */
function toSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)\b/g)) {
    chunks.push(sql.raw(text.slice(from, match.index)));
    // One parameter even for an array (uuid[]): a bare array in drizzle's sql is a list.
    chunks.push(sql`${sql.param(asParameter(values[Number(match[1]) - 1]))}`);
    from = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}

type RawClient = {
  /** PGlite */
  exec?: (text: string) => Promise<{ rows: unknown[] }[]>;
  /** postgres.js */
  reserve?: () => Promise<{
    unsafe: (text: string) => { simple: () => Promise<unknown> };
    release: () => void;
  }>;
};

export function sqlExecutor(db: Database): SqlExecutor {
  // A database (not a transaction) exposes its driver: postgres.js or PGlite.
  const client = (db as unknown as { $client?: RawClient }).$client;
  return {
    async executeSql(text, values = []) {
      // A script without parameters (pg-boss's migrations) may hold several statements and
      // its own BEGIN ... COMMIT: PGlite runs those only through exec(), postgres.js only on a
      // connection reserved for it.
      if (values.length === 0 && client?.exec) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      if (values.length === 0 && client?.reserve) {
        const held = await client.reserve();
        try {
          // One statement answers its rows; several, a list of each one's rows.
          const result = (await held.unsafe(text).simple()) as unknown[];
          const several = result.length > 0 && result.every(Array.isArray);
          return { rows: several ? (result.at(-1) as unknown[]) : result };
        } catch (error) {
          // A script that failed inside its BEGIN leaves the connection in an aborted
          // transaction, which would fail the pool's next query on it (pg-boss tolerates losing
          // its install race to another instance, and goes on).
          await held
            .unsafe('ROLLBACK')
            .simple()
            .catch(() => {});
          throw error;
        } finally {
          held.release();
        }
      }
      return { rows: await selectRows(db, toSql(text, values)) };
    },
  };
}
