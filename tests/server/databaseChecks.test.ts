// The database's checks are what src/domain's lists say (issue 47): schema.ts builds each enum
// column and its check from a domain list, and the migrations are what actually runs. This reads
// every value-list check of a freshly migrated database and compares it with the column's list,
// so a list changed without `npm run db:generate` (or a check written by hand) fails here.
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_LINK_STATUSES } from '../../src/domain/statuses';
import * as schema from '../../src/server/db/schema';
import { openTestDatabase, testDatabases } from '../support/server';

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

/** Each enum column's values, by table and column name: what schema.ts took from src/domain. */
const enumColumns = new Map<string, string[]>(
  tables.flatMap((table) => {
    const { name, columns } = getTableConfig(table);
    return columns
      .filter((column) => (column.enumValues?.length ?? 0) > 0)
      .map((column): [string, string[]] => [`${name}.${column.name}`, [...column.enumValues!]]);
  }),
);

interface CheckRow {
  table: string;
  name: string;
  definition: string;
}

/** `status = ANY (ARRAY['ACTIVE'::text, ...])` in a check's definition, as PostgreSQL prints it. */
function valueLists(definition: string): { column: string; values: string[] }[] {
  return [...definition.matchAll(/\(?(\w+) = ANY \(\(?ARRAY\[([^\]]*)\]/g)].map((match) => ({
    column: match[1]!,
    values: [...match[2]!.matchAll(/'((?:[^']|'')*)'::text/g)].map((v) => v[1]!),
  }));
}

describe.each(testDatabases())('the migrated database on $name', (target) => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let checks: CheckRow[];

  beforeAll(async () => {
    opened = await openTestDatabase(target);
    const result = await opened.db.execute(sql`
      select conrelid::regclass::text as "table", conname as "name",
             pg_get_constraintdef(oid) as "definition"
      from pg_constraint where contype = 'c' and connamespace = 'public'::regnamespace`);
    checks = (Array.isArray(result) ? result : (result as { rows: CheckRow[] }).rows) as CheckRow[];
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('has every check schema.ts declares, and no other', () => {
    const declared = tables.flatMap((table) => getTableConfig(table).checks.map((c) => c.name));
    expect(checks.map((c) => c.name).sort()).toEqual(declared.sort());
  });

  it("checks each enum column against its domain list's values, in order", () => {
    const lists = checks.flatMap((check) =>
      valueLists(check.definition).map((list) => ({
        ...list,
        key: `${check.table}.${list.column}`,
        own: check.name === `${check.table}_${list.column}_check`,
      })),
    );
    // Every value-list check there is (11 today), each on a column schema.ts built from a list.
    expect(lists.length).toBeGreaterThanOrEqual(11);
    for (const { key, values, own } of lists) {
      const all = enumColumns.get(key);
      expect(all, `${key} is not an enum column of schema.ts`).toBeDefined();
      // The column's own check takes its whole list; another check (a mandate's final
      // statuses, D245) names some of the list's values, in the list's order.
      if (own) expect(values, key).toEqual(all);
      else expect(values, key).toEqual(all!.filter((value) => values.includes(value)));
    }
  });

  it('reads what src/domain names (the parser sees a known list)', () => {
    const links = checks.find((c) => c.name === 'payment_links_status_check')!;
    expect(valueLists(links.definition)).toEqual([
      { column: 'status', values: [...PAYMENT_LINK_STATUSES] },
    ]);
  });
});
