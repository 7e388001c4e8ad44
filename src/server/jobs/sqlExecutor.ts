// pg-boss brings its own SQL ($1..$n parameters); this runs it on our connection: the pool or
// PGlite of `db`, or a transaction of ours, so a job is enqueued atomically with the state
// change that needs it.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

export interface SqlExecutor {
  // pg-boss reads whatever columns its SQL selects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/** `text` with $n placeholders as one drizzle SQL object. */
function toSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)\b/g)) {
    chunks.push(sql.raw(text.slice(from, match.index)));
    chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
    from = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}

type RawClient = {
  query?: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  exec?: (text: string) => Promise<{ rows: unknown[] }[]>;
};

export function sqlExecutor(db: Database): SqlExecutor {
  // A database (not a transaction) exposes its driver: node-postgres' pool or PGlite.
  const client = (db as unknown as { $client?: RawClient }).$client;
  return {
    async executeSql(text, values = []) {
      // A script without parameters (pg-boss's migrations) may hold several statements:
      // PGlite runs those only through exec().
      if (values.length === 0 && client?.exec) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      if (client?.query) return client.query(text, values);
      const result = (await db.execute(toSql(text, values))) as unknown;
      return { rows: Array.isArray(result) ? result : (result as { rows: unknown[] }).rows };
    },
  };
}
