// Breach readiness (issue 54, D326): whose personal data a leaked key or a leaked table would
// expose, so the first hours after a breach go to telling the right people (DPDP Rules r.7:
// each affected person without delay, the Board within 72 hours). `npm run exposure -- --key k1`
// lists the people with a value sealed under k1 (exposed if the database leaked too);
// `--table users` lists the people that table holds data of, and which of it. The listing is
// itself a read of everyone's data: it goes in the audit trail.
import { and, isNotNull, sql } from 'drizzle-orm';
import type { Sealer } from './crypto/sealing';
import type { Database } from './db/client';
import { selectRows } from './db/client';
import { erasures } from './db/schema';
import type { AuditTrail } from './services/audit';
import { toCsv } from './services/csv';

/** One person to tell: an account, or a phone we hold without one (a tutor's student). */
export interface ExposedPerson {
  userId: number | null;
  role: string;
  name: string;
  /** Where to reach them; an erased person's from their sealed kept identity. */
  phone: string;
  /** What of theirs is exposed, e.g. 'pan (sealed, key k1)'. */
  exposed: string[];
}

/** Each table with personal data: the people in it and what of theirs it holds. */
const TABLES: Record<string, { sql: string; what: string }> = {
  users: {
    sql: `select id as user_id, role, coalesce(first_name || ' ' || last_name, '') as name, phone from users where erased_at is null`,
    what: 'name, phone, PAN (sealed), username',
  },
  bank_accounts: {
    sql: `select u.id as user_id, u.role, coalesce(u.first_name || ' ' || u.last_name, '') as name, u.phone from bank_accounts b join users u on u.id = b.user_id`,
    what: 'bank account (last 4 digits, IFSC, name at bank), penny-drop reference (sealed)',
  },
  tutor_students: {
    sql: `select null::int as user_id, 'student' as role, name, phone from tutor_students where erased_at is null
          union all select null::int, 'parent', parent_name, parent_phone from tutor_students where parent_phone is not null and erased_at is null`,
    what: "name and phone in a tutor's list (a child's with the parent's)",
  },
  orders: {
    sql: `select distinct u.id as user_id, u.role, coalesce(u.first_name || ' ' || u.last_name, '') as name, u.phone from orders o join users u on u.id in (o.payer_id, o.payee_id) where u.erased_at is null`,
    what: 'payments (amounts, dates, who paid whom)',
  },
  payment_attempts: {
    sql: `select distinct u.id as user_id, u.role, coalesce(u.first_name || ' ' || u.last_name, '') as name, u.phone from payment_attempts a join orders o on o.id = a.order_id join users u on u.id = o.payer_id where u.erased_at is null`,
    what: 'payment attempts (method, bank reference)',
  },
  refunds: {
    sql: `select distinct u.id as user_id, u.role, coalesce(u.first_name || ' ' || u.last_name, '') as name, u.phone from refunds r join users u on u.id = r.student_id where u.erased_at is null`,
    what: 'refund requests and their reasons',
  },
  payment_links: {
    sql: `select distinct null::int as user_id, 'student' as role, '' as name, student_phone as phone from payment_links where student_phone is not null`,
    what: 'the phone a payment link is for',
  },
  sms_messages: {
    sql: `select distinct null::int as user_id, 'recipient' as role, '' as name, phone from sms_messages where phone not like 'erased-%'`,
    what: 'texts sent (phone, names and amounts in them)',
  },
  reminders: {
    sql: `select distinct null::int as user_id, 'payer' as role, payer_name as name, payer_phone as phone from reminders`,
    what: 'fee reminders (payer name and phone)',
  },
  reminder_opt_outs: {
    sql: `select null::int as user_id, 'payer' as role, '' as name, phone from reminder_opt_outs`,
    what: 'a STOP to fee reminders',
  },
  otp_codes: {
    sql: `select distinct null::int as user_id, 'login' as role, '' as name, phone from otp_codes`,
    what: 'phone (the codes are keyed hashes)',
  },
};

export const EXPOSURE_TABLES = Object.keys(TABLES);

/** Who to tell when `leak` leaked. Throws for an unknown key or table. */
export async function exposedBy(
  deps: { db: Database; sealer: Sealer; keyIds: string[]; audit: AuditTrail },
  leak: { key: string } | { table: string },
): Promise<ExposedPerson[]> {
  const { db, sealer } = deps;
  const people = new Map<string, ExposedPerson>();
  const add = (person: Omit<ExposedPerson, 'exposed'>, exposed: string) => {
    const key = person.userId === null ? `phone:${person.phone}` : `user:${person.userId}`;
    const found = people.get(key);
    if (found) found.exposed.push(exposed);
    else people.set(key, { ...person, exposed: [exposed] });
  };
  /** The erased persons whose kept identity is under `key` (or any), reachable through it. */
  const keptIdentities = async (keyId: string | null) => {
    const rows = await db
      .select({ userId: erasures.userId, kept: erasures.kept })
      .from(erasures)
      .where(
        and(
          isNotNull(erasures.kept),
          keyId === null ? undefined : sql`split_part(${erasures.kept}, '.', 1) = ${keyId}`,
        ),
      );
    for (const row of rows) {
      const identity = JSON.parse(sealer.open('erasures.kept', row.kept!)) as {
        role: string;
        first_name: string | null;
        last_name: string | null;
        phone: string;
      };
      const name = [identity.first_name, identity.last_name].filter(Boolean).join(' ');
      add(
        { userId: row.userId, role: identity.role, name, phone: identity.phone },
        `identity kept for the law (sealed${keyId ? `, key ${keyId}` : ''})`,
      );
    }
  };

  if ('key' in leak) {
    if (!deps.keyIds.includes(leak.key)) {
      throw new Error(`no key ${leak.key} in DATA_ENCRYPTION_KEYS (${deps.keyIds.join(', ')})`);
    }
    const person = sql`u.id as user_id, u.role, coalesce(u.first_name || ' ' || u.last_name, '') as name, u.phone`;
    const sealedUnder = [
      {
        exposed: 'PAN',
        query: sql`select ${person} from users u
          where split_part(u.pan_sealed, '.', 1) = ${leak.key} order by u.id`,
      },
      {
        exposed: 'penny-drop reference of a bank account',
        query: sql`select ${person} from bank_accounts b join users u on u.id = b.user_id
          where split_part(b.verification_reference_sealed, '.', 1) = ${leak.key} order by u.id`,
      },
    ];
    for (const { exposed, query } of sealedUnder) {
      const rows = await selectRows<{ user_id: number; role: string; name: string; phone: string }>(
        db,
        query,
      );
      for (const row of rows) {
        add(
          { userId: row.user_id, role: row.role, name: row.name.trim(), phone: row.phone },
          `${exposed} (sealed, key ${leak.key})`,
        );
      }
    }
    await keptIdentities(leak.key);
  } else {
    const table = TABLES[leak.table];
    if (!table && leak.table !== 'erasures') {
      throw new Error(
        `${leak.table}: not a table with personal data (${EXPOSURE_TABLES.join(', ')}, erasures)`,
      );
    }
    if (table) {
      const rows = await selectRows<{
        user_id: number | null;
        role: string;
        name: string | null;
        phone: string;
      }>(db, sql.raw(table.sql));
      for (const row of rows) {
        add(
          { userId: row.user_id, role: row.role, name: (row.name ?? '').trim(), phone: row.phone },
          `${leak.table}: ${table.what}`,
        );
      }
    } else await keptIdentities(null);
  }

  const list = [...people.values()];
  await deps.audit.record(db, {
    actorId: null,
    action: 'breach.exposure_listed',
    detail: { ...('key' in leak ? { key: leak.key } : { table: leak.table }), people: list.length },
  });
  return list;
}

/** The list as CSV, one person a line: what to tell whom. */
export function exposureCsv(people: ExposedPerson[]): string {
  return toCsv([
    ['user id', 'role', 'name', 'phone', 'exposed'],
    ...people.map((p) => [String(p.userId ?? ''), p.role, p.name, p.phone, p.exposed.join('; ')]),
  ]);
}
