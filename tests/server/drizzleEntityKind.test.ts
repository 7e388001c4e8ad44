// D194: drizzle-orm's `is()`, as patched (patches/drizzle-orm+0.45.4.patch) to remember each
// class's entity kinds, still answers as drizzle documents it: a value is of a kind when its
// class or an ancestor carries that kind, even a class from another copy of drizzle (the case
// `instanceof` misses and the remembered kinds answer), and the answer for one class does not
// leak into another's.
import { Column, SQL, Table, entityKind, is, sql } from 'drizzle-orm';
import { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { orders } from '../../src/server/db/schema';

/** Classes as another copy of drizzle would make them: same kinds, other constructors. */
class ForeignColumn {
  static readonly [entityKind]: string = 'Column';
}
class ForeignPgColumn extends ForeignColumn {
  static override readonly [entityKind]: string = 'PgColumn';
}
class Unrelated {}

describe("drizzle's is()", () => {
  it('knows a column, a table and SQL by their classes and ancestors', () => {
    expect(is(orders.id, Column)).toBe(true);
    expect(is(orders.id, PgColumn)).toBe(true);
    expect(is(orders, Table)).toBe(true);
    expect(is(orders, PgTable)).toBe(true);
    expect(is(sql`select 1`, SQL)).toBe(true);
  });

  it('tells kinds apart, asked in any order and again', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(is(orders.id, Table)).toBe(false);
      expect(is(orders, Column)).toBe(false);
      expect(is(sql`select 1`, Column)).toBe(false);
      expect(is(orders.id, SQL)).toBe(false);
    }
  });

  it("knows another copy's classes by their kinds, not their constructors", () => {
    expect(is(new ForeignPgColumn(), PgColumn)).toBe(true);
    expect(is(new ForeignPgColumn(), Column)).toBe(true);
    expect(is(new ForeignColumn(), Column)).toBe(true);
    // A parent's kinds are not its subclass's, nor the other way round.
    expect(is(new ForeignColumn(), PgColumn)).toBe(false);
    expect(is(new ForeignPgColumn(), Table)).toBe(false);
  });

  it('says no for what is not an entity', () => {
    for (const value of [null, undefined, 0, 'Column', {}, [], new Unrelated()]) {
      expect(is(value, Column)).toBe(false);
    }
  });
});
