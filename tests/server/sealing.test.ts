// Issue 54, D315-D318, D326: PANs and penny-drop references sealed at rest with AES-256-GCM
// (node:crypto), each value naming its key; the migration that seals the plain rows of a
// database from before, read back raw; key rotation by the hourly job; and the breach command
// that lists whose data a key or a table holds.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/postgres-js/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createSealer, lookupHash, parseKeyring, SealError } from '../../src/server/crypto/sealing';
import { openDatabase, openPostgres, selectRows, type Database } from '../../src/server/db/client';
import { exposedBy } from '../../src/server/exposure';
import { DEMO_PHONES } from '../../src/server/demo';
import { seedDemoData } from '../../src/server/seed';
import { sweepAndRunJobs } from '../support/jobs';
import { login, testDatabases, useTestServer, type TestDatabase } from '../support/server';

const K1 = `k1:${Buffer.alloc(32, 1).toString('base64')}`;
const K2 = `k2:${Buffer.alloc(32, 2).toString('base64')}`;
const SECRET = 's'.repeat(40);
const DEMO_PANS = ['ABCPV1234D', 'CDEPK2345F', 'BCDPS5678E'];

/** Every text of every row of every table in the public schema, as the database holds it. */
async function everyStoredText(db: Database): Promise<string> {
  const tables = await selectRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public'`,
  );
  const texts: string[] = [];
  for (const { name } of tables) {
    const rows = await selectRows<{ row: unknown }>(
      db,
      sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`,
    );
    texts.push(...rows.map((r) => String(r.row)));
  }
  return texts.join('\n');
}

describe('sealing (node:crypto AES-256-GCM)', () => {
  const sealer = createSealer(parseKeyring(`${K2},${K1}`));

  it('opens what it sealed, with a fresh IV each time, under the current key', () => {
    const a = sealer.seal('users.pan', 'ABCPV1234K');
    const b = sealer.seal('users.pan', 'ABCPV1234K');
    expect(a).not.toBe(b);
    expect(a.startsWith('k2.')).toBe(true);
    expect(a).not.toContain('ABCPV1234K');
    expect(sealer.open('users.pan', a)).toBe('ABCPV1234K');
    expect(sealer.keyIdOf(a)).toBe('k2');
    // A value sealed under the old key still opens while the old key is in the list.
    const old = createSealer(parseKeyring(K1)).seal('users.pan', 'ABCPV1234K');
    expect(sealer.open('users.pan', old)).toBe('ABCPV1234K');
  });

  it('refuses a value moved to another field, tampered with, or under a key it lacks', () => {
    const sealed = sealer.seal('users.pan', 'ABCPV1234K');
    expect(() => sealer.open('bank_accounts.verification_reference', sealed)).toThrow(SealError);
    const [id, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[14] = flipped[14]! ^ 1;
    expect(() => sealer.open('users.pan', `${id}.${flipped.toString('base64url')}`)).toThrow(
      SealError,
    );
    expect(() => createSealer(parseKeyring(K1)).open('users.pan', sealed)).toThrow(/no key k2/);
  });

  it('hashes for equality under APP_SECRET, the same whatever the data key', () => {
    expect(lookupHash(SECRET, 'users.pan', 'ABCPV1234K')).toBe(
      lookupHash(SECRET, 'users.pan', 'ABCPV1234K'),
    );
    expect(lookupHash(SECRET, 'users.pan', 'ABCPV1234K')).not.toBe(
      lookupHash(`${SECRET}x`, 'users.pan', 'ABCPV1234K'),
    );
  });
});

/** A database at the last migration before issue 54's, from a copy of the migrations cut there. */
async function beforePersonalData(target: TestDatabase) {
  const source = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));
  const folder = mkdtempSync(join(tmpdir(), 'tuitionpay-before-54-'));
  cpSync(source, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const first = journal.entries.find((entry) => entry.tag.endsWith('_personal_data'))!.idx;
  journal.entries = journal.entries.filter((entry) => entry.idx < first);
  writeFileSync(journalFile, JSON.stringify(journal));
  const plainRows = async (run: (text: string) => Promise<unknown>) => {
    await run(`insert into users (phone, role, first_name, last_name, pan, username) values
      ('9876543210', 'teacher', 'Asha', 'Verma', 'ABCPV1234D', 'asha-verma'),
      ('9876543211', 'teacher', 'Ravi', 'Kumar', 'ABCPV1234D', 'ravi-kumar'),
      ('9876543212', 'student', 'Priya', 'Sharma', 'BCDPS5678E', null),
      ('9876543213', 'student', 'Rohan', 'Mehta', null, null)`);
    await run(`insert into bank_accounts (user_id, account_number_masked, ifsc, verified, verification_reference)
      values (1, 'XXXXXXXX4321', 'HDFC0001234', true, 'cf-bav-778812')`);
  };
  try {
    if (target.name === 'pglite') {
      const client = new PGlite();
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
      await plainRows((text) => client.exec(text));
      const dump = await client.dumpDataDir('none');
      await client.close();
      return {
        open: (keys?: string) =>
          openDatabase({
            databaseUrl: 'memory://',
            dataDir: '',
            startFrom: dump,
            ...(keys ? { dataKeys: parseKeyring(keys), appSecret: SECRET } : {}),
          }),
        drop: async () => undefined,
      };
    }
    const name = `t_m14_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(target.url);
    url.pathname = `/${name}`;
    const { client, db } = openPostgres(url.toString(), 2);
    await migratePg(db, { migrationsFolder: folder });
    await plainRows((text) => client.unsafe(text));
    await client.end();
    return {
      open: (keys?: string) =>
        openDatabase({
          databaseUrl: url.toString(),
          dataDir: '',
          ...(keys ? { dataKeys: parseKeyring(keys), appSecret: SECRET } : {}),
        }),
      drop: async () => {
        const dropper = new pg.Client({ connectionString: target.url });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe.each(testDatabases())('the sealing migration on $name', (database) => {
  it('seals the plain PANs and references of a database from before, then drops the plain columns', async () => {
    const before = await beforePersonalData(database);
    try {
      // Rows to seal and no keys: the server refuses to start rather than lose them.
      await expect(before.open()).rejects.toThrow(/DATA_ENCRYPTION_KEYS/);
      const opened = await before.open(K1);
      try {
        const { db } = opened;
        const columns = await selectRows<{ name: string }>(
          db,
          sql`select table_name || '.' || column_name as name from information_schema.columns
              where column_name in ('pan', 'verification_reference')`,
        );
        expect(columns).toEqual([]);
        // The raw rows: no PAN and no reference in plain text anywhere in the database.
        const stored = await everyStoredText(db);
        for (const plain of ['ABCPV1234D', 'BCDPS5678E', 'cf-bav-778812']) {
          expect(stored).not.toContain(plain);
        }
        const sealer = createSealer(parseKeyring(K1));
        const rows = await selectRows<{
          id: number;
          pan_sealed: string | null;
          pan_hash: string | null;
        }>(db, sql`select id, pan_sealed, pan_hash from users order by id`);
        expect(rows.map((r) => r.pan_sealed && sealer.open('users.pan', r.pan_sealed))).toEqual([
          'ABCPV1234D',
          'ABCPV1234D',
          'BCDPS5678E',
          null,
        ]);
        // D316: the second tutor with the same PAN keeps it sealed, without the hash that
        // would make it a second tutor account of one PAN.
        expect(rows.map((r) => r.pan_hash)).toEqual([
          lookupHash(SECRET, 'users.pan', 'ABCPV1234D'),
          null,
          lookupHash(SECRET, 'users.pan', 'BCDPS5678E'),
          null,
        ]);
        const [bank] = await selectRows<{ sealed: string }>(
          db,
          sql`select verification_reference_sealed as sealed from bank_accounts`,
        );
        expect(sealer.open('bank_accounts.verification_reference', bank!.sealed)).toBe(
          'cf-bav-778812',
        );
      } finally {
        await opened.close();
      }
    } finally {
      await before.drop();
    }
  }, 60_000);
});

describe.each(testDatabases())('key rotation and breach listings on $name', (database) => {
  const server = useTestServer(database, { env: { DATA_ENCRYPTION_KEYS: `${K2},${K1}` } });

  it('re-seals every value under the current key in the hourly job, the old key then unneeded', async () => {
    // Values sealed under k1, as before the rotation began.
    const k1 = createSealer(parseKeyring(K1));
    for (const [i, pan] of DEMO_PANS.entries()) {
      await server.db.execute(
        sql`insert into users (phone, role, first_name, last_name, pan_sealed) values
          (${`98765432${10 + i}`}, 'student', 'Name', 'Surname', ${k1.seal('users.pan', pan)})`,
      );
    }
    await sweepAndRunJobs(server.app);
    const rows = await selectRows<{ sealed: string }>(
      server.db,
      sql`select pan_sealed as sealed from users order by id`,
    );
    const k2Only = createSealer(parseKeyring(K2));
    expect(rows.map((r) => k2Only.open('users.pan', r.sealed))).toEqual(DEMO_PANS);
    const [event] = await selectRows<{ action: string; detail: unknown }>(
      server.db,
      sql`select action, detail from audit_events`,
    );
    expect(event).toEqual({ action: 'keys.rotated', detail: { values: 3, key: 'k2' } });
    // Nothing left to move: the next run changes nothing.
    expect(await server.app.services.keyRotation.run()).toBe(0);
  });

  it('lists whose data a leaked key or table holds, with where to reach them', async () => {
    await seedDemoData(server.db, server.clock, server.pans);
    const priya = await login(server, DEMO_PHONES.student, 'student');
    await server.api('POST', '/api/v1/user/erasure/', { token: priya.access_token });
    const deps = {
      db: server.db,
      sealer: server.app.services.sealer,
      keyIds: ['k2', 'k1'],
      audit: server.app.services.audit,
    };
    const byKey = await exposedBy(deps, { key: 'k2' });
    expect(byKey.map((p) => [p.name, p.phone])).toEqual([
      ['Asha Verma', DEMO_PHONES.onboardedTutor],
      ['Ravi Kumar', DEMO_PHONES.pendingTutor],
    ]);
    expect(await exposedBy(deps, { key: 'k1' })).toEqual([]);
    await expect(exposedBy(deps, { key: 'k9' })).rejects.toThrow(/no key k9/);
    const byTable = await exposedBy(deps, { table: 'users' });
    expect(byTable).toHaveLength(2);
    expect(byTable[0]!.exposed).toEqual(['users: name, phone, PAN (sealed), username']);
    // Erased people are reached through their sealed kept identity (they had no payments here).
    expect(await exposedBy(deps, { table: 'erasures' })).toEqual([]);
    await expect(exposedBy(deps, { table: 'pgboss' })).rejects.toThrow(/not a table/);
    const listed = await selectRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from audit_events where action = 'breach.exposure_listed'`,
    );
    expect(listed[0]!.n).toBe(4);
  });
});

describe.each(testDatabases())('no plain PAN at rest on $name', (database) => {
  const server = useTestServer(database);

  it('holds none in any row after sign-ups, a tutor added by a student and a bank account', async () => {
    await seedDemoData(server.db, server.clock, server.pans);
    const priya = await login(server, DEMO_PHONES.student, 'student');
    await server.api('POST', '/api/v1/user/onboarding/', {
      token: priya.access_token,
      body: { phone: '9988776655', first_name: 'Vikram', last_name: 'Rao', pan: 'ABCPR1234K' },
    });
    server.clock.advance(31_000);
    const vikram = await login(server, '9988776655', 'teacher');
    const added = await server.api('POST', '/api/v1/user/accounts/add/', {
      token: vikram.access_token,
      body: { account_number: '001234567890', ifsc: 'HDFC0001234' },
    });
    expect(added.statusCode).toBe(201);
    const stored = await everyStoredText(server.db);
    for (const plain of [...DEMO_PANS, 'ABCPR1234K', '001234567890']) {
      expect(stored).not.toContain(plain);
    }
    expect(stored).toContain('XXXXXXXX7890');
  });
});
