// The scheduled reminder pass in batches (issue 51, D275): every rule of D148, D151, D207, D208,
// D210 and D252 (no reminder for a due Autopay debits), kept for a batch of payers at once, so
// the pass makes a number of queries that grows with its batches, not with its payers. A batch
// is one transaction:
//   1. the next payers in (tutor, payer phone) order due a reminder today, their slots claimed
//      by one INSERT ... SELECT (the slot's unique index lets one writer in: another worker on
//      the same payers waits, then finds them taken and moves on);
//   2. their dues, locked (dues first, then links, as everywhere), and what decides each
//      payer's text: STOP, confirmed phones, the tutor's cap, channel and gateway, the day's
//      counts, their open links;
//   3. the outcome of each slot written by one statement per table: skips, links ended and
//      opened, texts queued with their jobs, the day's counts added last, only while under the
//      limits (a worker that passed one meanwhile undoes its batch and does it again).
import { sql } from 'drizzle-orm';
import {
  AMOUNT_MAX_PAISE,
  PAYMENT_LINK_DEFAULT_EXPIRY_MS,
  PAYMENT_LINK_PURPOSE_MAX_LENGTH,
} from '../../domain/constants';
import { OPEN_DUE_STATUSES } from '../../domain/dues';
import { duesPurpose } from '../../domain/feePlans';
import type { Locale } from '../../domain/locale';
import { formatTextAmount, type Paise } from '../../domain/money';
import { canAcceptPayments } from '../../domain/onboarding';
import { dailyReminderCap, inReminderHours } from '../../domain/reminders';
import { OPEN_ORDER_STATUSES } from '../../domain/statuses';
import { studentsForText, TEXT_VARIABLE_MAX_LENGTH } from '../../domain/tutorWords';
import { istDateKey } from '../../domain/time';
import { inLocale } from '../language';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { selectRows, type Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { displayName, type UserRepository } from '../users';
import { newPaymentLinkId } from './ids';
import { underAutopay } from './mandateDebits';
import type { PaymentLinkService } from './paymentLinks';
import type { SmsVars } from '../sms/templates';
import type { TextChannel } from './textMessages';

/** Payers in one batch (one transaction); REMINDER_BATCH_SIZE overrides it. */
export const REMINDER_BATCH_SIZE = 5_000;
/** A link made earlier for the same dues is sent again while it has this long left (D147). */
const REUSE_MIN_LEFT_MS = 24 * 60 * 60 * 1000;
/** A batch undone because another worker passed a day's limit meanwhile is done again. */
const BATCH_TRIES = 5;

type Skip = 'opted_out' | 'unconfirmed' | 'daily_cap' | 'platform_limit' | 'cannot_accept_payments';

interface Slot {
  id: number;
  tutor_id: number;
  phone: string;
}
interface CoveredDue {
  id: number;
  tutor_id: number;
  phone: string;
  left: number;
  plan: string;
  period: string;
  /** The student the due is for (D240: the text names them). */
  student: string;
  confirmed: boolean;
}
interface TutorFacts {
  id: number;
  first_name: string | null;
  last_name: string | null;
  phone: string;
  channel: TextChannel | null;
  paying: number;
  sent: number;
}
interface HeldLink {
  id: string;
  payee_id: number;
  phone: string;
  status: string;
  amount: number;
  expires_at: string;
  due_ids: number[];
  paying: boolean;
}

/** Values as one JSON parameter, read by json_to_recordset (the same on PGlite and postgres.js). */
const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;
const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const payerPhone = sql`coalesce(ts.parent_phone, ts.phone)`;
const keyOf = (tutorId: number, phone: string) => `${tutorId}:${phone}`;

/** The oldest of `dues` whose sum fits in one payment (D208; one due alone always does). */
export function fittingOnePayment<D extends { left: number }>(dues: D[]): D[] {
  let sum = 0;
  const fit: D[] = [];
  for (const due of dues) {
    sum += due.left;
    if (sum > AMOUNT_MAX_PAISE && fit.length > 0) break;
    fit.push(due);
  }
  return fit;
}

/**
 * D240, D209: a fee reminder's words, the same whether the hourly pass or the tutor sends it:
 * the tutor, the student(s) the dues are for (a parent of two can tell them apart), the
 * amount as texts write it, the plans' names (as duesPurpose wrote them within a variable's
 * length) and the link.
 */
export function feeReminderVars(facts: {
  tutor: string;
  /** The students of the dues the text is for, in the dues' order. */
  students: readonly string[];
  amount: Paise;
  purpose: string;
  url: string;
}): SmsVars<'feeReminder'> {
  return {
    tutor: facts.tutor,
    student: studentsForText(facts.students),
    amount: formatTextAmount(facts.amount),
    purpose: facts.purpose,
    url: facts.url,
  };
}

/** A count of the day passed by another worker since this batch read it: the batch is undone. */
class CountsMoved extends Error {}

export function createReminderPass(deps: {
  db: Database;
  clock: Clock;
  jobs: Pick<JobQueue, 'sendMany'>;
  users: Pick<UserRepository, 'gatewayStatusesOf'>;
  paymentLinks: Pick<PaymentLinkService, 'urlOf'>;
  perDay: Config['remindersPerDay'];
  batchSize?: number;
}) {
  const { db, clock, jobs, users, paymentLinks, perDay } = deps;
  const batchSize = deps.batchSize ?? REMINDER_BATCH_SIZE;

  /** Step 1: the next payers after `after`, their slots claimed; the page's last payer. */
  async function claim(tx: Database, day: string, after: { tutorId: number; phone: string }) {
    const now = clock.now();
    const [row] = await selectRows<{
      slots: Slot[] | null;
      last: { tutor_id: number; phone: string } | null;
    }>(
      tx,
      sql`with page as (
        select distinct on (ts.tutor_id, ${payerPhone})
          ts.tutor_id, ${payerPhone} as phone, coalesce(ts.parent_name, ts.name) as name
        from tutor_students ts
        join dues on dues.student_id = ts.id
        join fee_plans fp on fp.id = dues.plan_id
        left join reminder_settings rs on rs.tutor_id = ts.tutor_id
        where (ts.tutor_id, ${payerPhone}) > (${after.tutorId}, ${after.phone})
          and dues.status in (${inList(OPEN_DUE_STATUSES)}) and fp.ended_at is null
          and not ${underAutopay(day)}
          and fp.reminder_days @> jsonb_build_array(${day}::date - dues.due_date::date)
          and (rs.tutor_id is null or rs.automatic)
          and not exists (select 1 from reminders r
            where r.tutor_id = ts.tutor_id and r.payer_phone = ${payerPhone} and r.day = ${day})
        order by ts.tutor_id, ${payerPhone}, coalesce(ts.parent_name, ts.name)
        limit ${batchSize}
      ), claimed as (
        insert into reminders (tutor_id, payer_phone, payer_name, day, kind, amount, created_at)
        select tutor_id, phone, name, ${day}, 'scheduled', 0, ${now} from page
        order by tutor_id, phone
        on conflict do nothing
        returning id, tutor_id, payer_phone as phone
      )
      select
        (select json_agg(claimed order by tutor_id, phone) from claimed) as slots,
        (select json_build_object('tutor_id', tutor_id, 'phone', phone) from page
          order by tutor_id desc, phone desc limit 1) as last`,
    );
    return { slots: row?.slots ?? [], last: row?.last ?? null };
  }

  /** Step 2: the slots' dues due or on their ladder today, oldest first, locked. */
  async function coveredDues(tx: Database, day: string, slots: Slot[]) {
    return selectRows<CoveredDue>(
      tx,
      sql`select dues.id, dues.tutor_id, ${payerPhone} as phone, dues.amount - dues.paid as left,
          fp.name as plan, dues.period, ts.name as student,
          ts.confirmed_at is not null as confirmed
        from dues
        join tutor_students ts on ts.id = dues.student_id
        join fee_plans fp on fp.id = dues.plan_id
        where (ts.tutor_id, ${payerPhone}) in
            (select tutor_id, phone from json_to_recordset(${json(slots)}) as s(tutor_id int, phone text))
          and dues.status in (${inList(OPEN_DUE_STATUSES)}) and fp.ended_at is null
          and not ${underAutopay(day)}
          and (dues.due_date <= ${day}
            or fp.reminder_days @> jsonb_build_array(${day}::date - dues.due_date::date))
        order by dues.due_date, dues.id
        for update of dues`,
    );
  }

  /** Step 2: who replied STOP, who reads which language, each tutor's facts, the day's counts. */
  async function facts(tx: Database, day: string, slots: Slot[]) {
    const phones = [...new Set(slots.map((s) => s.phone))];
    const tutorIds = [...new Set(slots.map((s) => s.tutor_id))];
    const [row] = await selectRows<{
      stopped: string[] | null;
      languages: { phone: string; language: Locale }[] | null;
      tutors: TutorFacts[];
      whatsapp: number;
      sms: number;
    }>(
      tx,
      sql`with p as (select value as phone from json_array_elements_text(${json(phones)})),
        t as (select value::int as id from json_array_elements_text(${json(tutorIds)}))
      select
        (select json_agg(o.phone) from reminder_opt_outs o where o.phone in (select phone from p))
          as stopped,
        (select json_agg(json_build_object('phone', u.phone, 'language', u.language))
          from users u where u.phone in (select phone from p)) as languages,
        (select json_agg(json_build_object(
            'id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'phone', u.phone,
            'channel', rs.channel,
            'paying', (select count(distinct o.payer_id) from orders o
              where o.payee_id = u.id and o.status = 'PAID'),
            'sent', coalesce((select c.sent from reminder_counts c
              where c.scope = 'tutor:' || u.id and c.day = ${day}), 0)))
          from users u left join reminder_settings rs on rs.tutor_id = u.id
          where u.id in (select id from t)) as tutors,
        coalesce((select sent from reminder_counts
          where scope = 'channel:whatsapp' and day = ${day}), 0) as whatsapp,
        coalesce((select sent from reminder_counts
          where scope = 'channel:sms' and day = ${day}), 0) as sms`,
    );
    const gateway = await users.gatewayStatusesOf(tutorIds, tx);
    return {
      stopped: new Set(row?.stopped ?? []),
      language: new Map((row?.languages ?? []).map((l) => [l.phone, l.language])),
      tutors: new Map((row?.tutors ?? []).map((t) => [t.id, t])),
      canAccept: (tutorId: number) => canAcceptPayments(gateway.get(tutorId) ?? 'NONE'),
      channels: { whatsapp: Number(row?.whatsapp ?? 0), sms: Number(row?.sms ?? 0) },
    };
  }

  /** Step 2 (D207): the open links each payer holds for the dues their text would be for. */
  async function heldLinks(tx: Database, wanted: { due_id: number; phone: string }[]) {
    if (wanted.length === 0) return [];
    return selectRows<HeldLink>(
      tx,
      sql`select l.id, l.payee_id, h.open_for as phone, l.status, l.amount, l.expires_at,
          (select json_agg(a.due_id order by a.due_id) from link_dues a where a.link_id = l.id)
            as due_ids,
          exists (select 1 from orders o where o.payment_link_id = l.id
            and o.status in (${inList(OPEN_ORDER_STATUSES)})) as paying
        from (select distinct ld.link_id, ld.open_for from link_dues ld
          where (ld.due_id, ld.open_for) in
            (select due_id, phone from json_to_recordset(${json(wanted)}) as w(due_id int, phone text))
        ) h
        join payment_links l on l.id = h.link_id`,
    );
  }

  /** One batch in one transaction: how many texts it queued and slots it skipped, and where it ended. */
  async function batch(day: string, after: { tutorId: number; phone: string }) {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const { slots, last } = await claim(tx, day, after);
      if (slots.length === 0) return { sent: 0, skipped: 0, last };
      const covered = await coveredDues(tx, day, slots);
      const known = await facts(tx, day, slots);
      const duesOf = new Map<string, CoveredDue[]>();
      for (const due of covered) {
        const key = keyOf(due.tutor_id, due.phone);
        duesOf.set(key, [...(duesOf.get(key) ?? []), { ...due, left: Number(due.left) }]);
      }

      // What each slot would be for: nothing, a skip, or the oldest dues one payment takes.
      const dropped: number[] = [];
      const skips: { id: number; skipped: Skip }[] = [];
      const candidates: { slot: Slot; fit: CoveredDue[]; amount: number }[] = [];
      for (const slot of slots) {
        const dues = duesOf.get(keyOf(slot.tutor_id, slot.phone)) ?? [];
        // Paid or ended between the page and the lock: no reminder today after all.
        if (dues.length === 0) dropped.push(slot.id);
        else if (known.stopped.has(slot.phone)) skips.push({ id: slot.id, skipped: 'opted_out' });
        else {
          // D210: only the dues of students whose phones the tutor vouched for.
          const vouched = dues.filter((due) => due.confirmed);
          if (vouched.length === 0) skips.push({ id: slot.id, skipped: 'unconfirmed' });
          else {
            const fit = fittingOnePayment(vouched);
            candidates.push({ slot, fit, amount: fit.reduce((sum, due) => sum + due.left, 0) });
          }
        }
      }
      // D207: the open links each payer holds for those dues.
      const held = await heldLinks(
        tx,
        candidates.flatMap((c) => c.fit.map((due) => ({ due_id: due.id, phone: c.slot.phone }))),
      );
      const heldBy = new Map<string, HeldLink[]>();
      for (const link of held) {
        const key = keyOf(link.payee_id, link.phone);
        heldBy.set(key, [...(heldBy.get(key) ?? []), link]);
      }

      // In the pages' order, within the tutor's cap and the channels' ceilings (D210).
      const texts: {
        slot: Slot;
        fit: CoveredDue[];
        amount: number;
        channel: TextChannel;
        language: Locale;
        /** D207: the payer's link sent again, or the links of theirs that end for a new one. */
        reuse: string | null;
        release: string[];
      }[] = [];
      const tutorSent = new Map<number, number>();
      const channelSent = { ...known.channels };
      for (const { slot, fit, amount } of candidates) {
        const skip = (skipped: Skip) => void skips.push({ id: slot.id, skipped });
        const tutor = known.tutors.get(slot.tutor_id)!;
        const sentByTutor = Number(tutor.sent) + (tutorSent.get(tutor.id) ?? 0);
        if (sentByTutor >= dailyReminderCap(Number(tutor.paying))) {
          skip('daily_cap');
          continue;
        }
        // D151, D210: the tutor's channel; past WhatsApp's ceiling, SMS carries the rest.
        let channel: TextChannel = tutor.channel ?? 'whatsapp';
        if (channel === 'whatsapp' && channelSent.whatsapp >= perDay.whatsapp) channel = 'sms';
        if (channel === 'sms' && channelSent.sms >= perDay.sms) {
          skip('platform_limit');
          continue;
        }
        if (!known.canAccept(tutor.id) || amount > AMOUNT_MAX_PAISE) {
          skip('cannot_accept_payments');
          continue;
        }
        const links = heldBy.get(keyOf(slot.tutor_id, slot.phone)) ?? [];
        // D207: the payer's link for exactly these dues and amount with a day left goes again;
        // else their other links for these dues end and a new one is made.
        const wanted = fit.map((due) => due.id).sort((a, b) => a - b);
        const reusable = links.find(
          (l) =>
            l.status === 'ACTIVE' &&
            Number(l.amount) === amount &&
            new Date(l.expires_at).getTime() > now.getTime() + REUSE_MIN_LEFT_MS &&
            l.due_ids.join() === wanted.join(),
        );
        // A payer at the checkout of a link for these dues is paying now: nothing today yet,
        // the next hourly pass looks again.
        if (!reusable && links.some((l) => l.paying)) {
          dropped.push(slot.id);
          continue;
        }
        texts.push({
          slot,
          fit,
          amount,
          channel,
          language: known.language.get(slot.phone) ?? 'en',
          reuse: reusable?.id ?? null,
          release: reusable ? [] : links.map((l) => l.id),
        });
        tutorSent.set(tutor.id, (tutorSent.get(tutor.id) ?? 0) + 1);
        channelSent[channel] += 1;
      }

      const released: string[] = [];
      const newLinks: {
        id: string;
        payee_id: number;
        amount: number;
        purpose: string;
        student_phone: string;
      }[] = [];
      const newLinkDues: { link_id: string; due_id: number; open_for: string }[] = [];
      // The purposes, made once per language and list of plans and periods (a class shares them).
      const purposes = new Map<string, string>();
      const purposeOf = (language: Locale, fit: CoveredDue[], max: number) => {
        const key = `${language}|${max}|${fit.map((due) => `${due.plan}\u0000${due.period}`).join('\u0001')}`;
        let purpose = purposes.get(key);
        if (purpose === undefined) {
          purpose = inLocale(language, () => duesPurpose(fit, max));
          purposes.set(key, purpose);
        }
        return purpose;
      };
      const sends: {
        reminder_id: number;
        link_id: string;
        amount: number;
        phone: string;
        channel: TextChannel;
        language: Locale;
        vars: Record<string, string>;
      }[] = [];
      for (const t of texts) {
        let linkId = t.reuse;
        if (!linkId) {
          released.push(...t.release);
          linkId = newPaymentLinkId();
          newLinks.push({
            id: linkId,
            payee_id: t.slot.tutor_id,
            amount: t.amount,
            // Issue 15: in the payer's language where they use the app.
            purpose: purposeOf(t.language, t.fit, PAYMENT_LINK_PURPOSE_MAX_LENGTH),
            student_phone: t.slot.phone,
          });
          for (const due of t.fit) {
            newLinkDues.push({ link_id: linkId, due_id: due.id, open_for: t.slot.phone });
          }
        }
        const tutor = known.tutors.get(t.slot.tutor_id)!;
        sends.push({
          reminder_id: t.slot.id,
          link_id: linkId,
          amount: t.amount,
          phone: t.slot.phone,
          channel: t.channel,
          language: t.language,
          vars: feeReminderVars({
            tutor: displayName({
              firstName: tutor.first_name,
              lastName: tutor.last_name,
              phone: tutor.phone,
            }),
            students: t.fit.map((due) => due.student),
            amount: t.amount,
            // D209: within a template variable's length, the plans' names only as the rules allow.
            purpose: purposeOf(t.language, t.fit, TEXT_VARIABLE_MAX_LENGTH),
            url: paymentLinks.urlOf(linkId),
          }),
        });
      }

      // Step 3: the writes, one statement each.
      if (dropped.length > 0) {
        await tx.execute(sql`delete from reminders where id in
          (select value::int from json_array_elements_text(${json(dropped)}))`);
      }
      if (released.length > 0) {
        const ended = await selectRows<{ id: string }>(
          tx,
          sql`with ids as (select value as id from json_array_elements_text(${json(released)})),
            freed as (update link_dues set open_for = null where link_id in (select id from ids))
          update payment_links set status = 'CANCELLED'
          where id in (select id from ids) and status = 'ACTIVE' and expires_at > ${now}
          returning id`,
        );
        await jobs.sendMany(
          'link-close',
          ended.map(({ id }) => ({ linkId: id })),
          { tx },
        );
      }
      if (newLinks.length > 0) {
        const expires = new Date(now.getTime() + PAYMENT_LINK_DEFAULT_EXPIRY_MS);
        await tx.execute(sql`with made as (
            insert into payment_links (id, payee_id, amount, purpose, student_phone, status,
              expires_at, created_at)
            select id, payee_id, amount, purpose, student_phone, 'ACTIVE', ${expires}, ${now}
            from json_to_recordset(${json(newLinks)})
              as l(id text, payee_id int, amount bigint, purpose text, student_phone text)
            returning id)
          insert into link_dues (link_id, due_id, open_for)
          select link_id, due_id, open_for from json_to_recordset(${json(newLinkDues)})
            as d(link_id text, due_id int, open_for text)`);
      }
      if (skips.length > 0) {
        await tx.execute(sql`update reminders set skipped = s.skipped
          from json_to_recordset(${json(skips)}) as s(id int, skipped text)
          where reminders.id = s.id`);
      }
      if (sends.length > 0) {
        const queued = await selectRows<{ id: number }>(
          tx,
          sql`with s as (
              select x.*, nextval(pg_get_serial_sequence('sms_messages', 'id')) as sms_id
              from json_to_recordset(${json(sends)}) as x(reminder_id int, link_id text,
                amount bigint, phone text, channel text, language text, vars jsonb)
            ), texts as (
              insert into sms_messages (id, phone, channel, template, vars, language, status,
                created_at, updated_at)
              select sms_id, phone, channel, 'feeReminder', vars, language, 'queued', ${now}, ${now}
              from s
              returning id
            ), slots as (
              update reminders set link_id = s.link_id, amount = s.amount, sms_message_id = s.sms_id
              from s where reminders.id = s.reminder_id
            )
          select sms_id as id from s`,
        );
        await jobs.sendMany(
          'sms-send',
          queued.map(({ id }) => ({ messageId: Number(id) })),
          { tx },
        );
        // D210: the day's counts, last and only while under their limits.
        const counts = [
          ...[...tutorSent].map(([id, n]) => ({
            scope: `tutor:${id}`,
            n,
            lim: dailyReminderCap(Number(known.tutors.get(id)!.paying)),
          })),
          ...(['sms', 'whatsapp'] as const)
            .map((c) => ({
              scope: `channel:${c}`,
              n: channelSent[c] - known.channels[c],
              lim: perDay[c],
            }))
            .filter((c) => c.n > 0),
        ].sort((a, b) => (a.scope < b.scope ? -1 : 1));
        const added = await selectRows<{ scope: string }>(
          tx,
          sql`with c as (select * from json_to_recordset(${json(counts)}) as c(scope text, n int, lim int))
          insert into reminder_counts (scope, day, sent)
          select scope, ${day}, n from c order by scope
          on conflict (scope, day) do update set sent = reminder_counts.sent + excluded.sent
          where reminder_counts.sent + excluded.sent <= (select lim from c where c.scope = excluded.scope)
          returning scope`,
        );
        if (added.length !== counts.length) throw new CountsMoved();
      }
      return { sent: sends.length, skipped: skips.length, last };
    });
  }

  return {
    /** The `reminders-run` job: every payer due a reminder today, a batch at a time. */
    async run(
      options: {
        /** Runs after each batch commits (tests change the world between batches). */
        afterBatch?: () => Promise<void>;
      } = {},
    ): Promise<{ sent: number; skipped: number } | { outsideHours: true }> {
      if (!inReminderHours(clock.now())) return { outsideHours: true };
      const day = istDateKey(clock.now());
      let after = { tutorId: 0, phone: '' };
      let sent = 0;
      let skipped = 0;
      // Quiet hours: a pass still going at 21:00 IST stops; tomorrow's starts afresh.
      while (inReminderHours(clock.now())) {
        let done: Awaited<ReturnType<typeof batch>> | undefined;
        for (let tries = 1; !done; tries += 1) {
          try {
            done = await batch(day, after);
          } catch (error) {
            if (!(error instanceof CountsMoved) || tries >= BATCH_TRIES) throw error;
          }
        }
        sent += done.sent;
        skipped += done.skipped;
        if (!done.last) break;
        after = { tutorId: done.last.tutor_id, phone: done.last.phone };
        await options.afterBatch?.();
      }
      return { sent, skipped };
    },
  };
}

export type ReminderPass = ReturnType<typeof createReminderPass>;
