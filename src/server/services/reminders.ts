// Fee reminders (issue 14, D148). The hourly `reminders-run` job (9:00-21:00 IST only) finds
// each payer whose dues reach a step of their plan's ladder today and sends one text per payer
// and tutor: the amount left on all of that payer's dues that are due or reminded today, what it
// is for, and a payment link for it. The reminder row is the slot: the unique index on (tutor,
// payer, day) lets one writer in, so reruns, restarts and racing workers send nothing twice.
// Every slot is logged, sent or skipped and why; the text's own row says sent or failed.
// D151: each tutor chooses WhatsApp (SMS when WhatsApp cannot deliver) or SMS only, and may
// turn the ladder off and send only by hand. Issue 49 (D252): a due an Autopay mandate debits
// is not reminded; the ladder takes it back when its debit fails or ends, or the mandate stops.
// Issue 51 (D275): the hourly pass runs in batches of payers (reminderPass.ts); a reminder the
// tutor sends now is one payer's transaction here, under the same rules and words.
import { coded, type Said } from '../../domain/texts';
import { inLocale } from '../language';
import { and, asc, desc, eq, inArray, isNull, lt, lte, not, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { components } from '../../../openapi/schema';
import { paiseToRupees } from '../../domain/money';
import { OPEN_DUE_STATUSES } from '../../domain/dues';
import { duesPurpose } from '../../domain/feePlans';
import { dailyReminderCap, inReminderHours } from '../../domain/reminders';
import { TEXT_VARIABLE_MAX_LENGTH } from '../../domain/tutorWords';
import { studentsTexts } from '../../domain/studentsTexts';
import { addIstDays, istDateKey } from '../../domain/time';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import {
  dues,
  feePlans,
  orders,
  reminderCounts,
  reminderOptOuts,
  reminderSettings,
  reminders,
  smsMessages,
  tutorStudents,
  users,
  type UserRow,
} from '../db/schema';
type ReminderRow = typeof reminders.$inferSelect;
import { displayName } from '../users';
import {
  PayerAtCheckout,
  paidForBy,
  payerNameOf,
  payerPhoneOf,
  type DueLinkService,
} from './dueLinks';
import { underAutopay } from './mandateDebits';
import { refuse, success, type Result } from './results';
import { feeReminderVars, fittingOnePayment, type ReminderPass } from './reminderPass';
import type { TextMessageService } from './textMessages';
import { tutorOnly } from './tutorOnly';

type ReminderLog = components['schemas']['ReminderLog'];
type Reminder = components['schemas']['Reminder'];
type ReminderSettings = components['schemas']['ReminderSettings'];

/** Until a tutor saves their own (D151). */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = { automatic: true, channel: 'whatsapp' };
/** The SMS that took over from a failed WhatsApp text. */
const replacement = alias(smsMessages, 'replacement');

const m = studentsTexts.reminders;
/** What the tutor reads when the reminder they send now is skipped (D148, D210). */
const SKIP_REFUSALS: Partial<Record<Skip, () => Said>> = {
  opted_out: () => coded(m).optedOut,
  unconfirmed: () => coded(m).unconfirmed,
  daily_cap: () => coded(m).dailyCap,
  platform_limit: () => coded(m).platformLimit,
};
/** Payers reminded at once by 'Remind all overdue' (the database pool holds 10 connections). */
const PARALLEL = 4;
/** A reminder the tutor sends now covers dues falling due up to this many days ahead. */
const MANUAL_AHEAD_DAYS = 7;
/** The log shows this many of the latest reminders. */
const LOG_SIZE = 200;

/** `day` minus the due date, in days, in SQL ('YYYY-MM-DD' texts). */
const daysPast = (day: string) => sql`(${day}::date - ${dues.dueDate}::date)`;
/** The due reaches a step of its plan's ladder on `day`. */
const onLadder = (day: string) =>
  sql`${feePlans.reminderDays} @> jsonb_build_array(${daysPast(day)})`;
/** Open dues of running plans that no Autopay debits (issue 49, D252: those are not reminded). */
const openDueOfRunningPlan = (day: string) =>
  and(inArray(dues.status, OPEN_DUE_STATUSES), isNull(feePlans.endedAt), not(underAutopay(day)));

/** D210: a count of the day that a reminder would pass: its transaction is undone. */
class OverLimit extends Error {
  constructor(
    readonly reason: 'daily_cap' | 'platform_limit',
    /** The channel whose ceiling was reached, for `platform_limit`. */
    readonly channel?: ReminderSettings['channel'],
  ) {
    super(reason);
  }
}

type Skip = NonNullable<ReminderRow['skipped']>;
/** Skips a reminder the tutor sends now may take over: their reason may have gone (D210). */
const RETAKEN: Skip[] = ['unconfirmed', 'daily_cap', 'platform_limit'];

export function createReminderService(deps: {
  db: Database;
  clock: Clock;
  dueLinks: Pick<DueLinkService, 'open'>;
  textMessages: Pick<TextMessageService, 'queue'>;
  /** D210: the platform's daily ceiling per channel. */
  perDay: Config['remindersPerDay'];
  /** Issue 51: the scheduled pass, in batches. */
  pass: Pick<ReminderPass, 'run'>;
}) {
  const { db, clock, dueLinks, textMessages, perDay, pass } = deps;

  async function settingsOf(tutorId: number, tx: Database = db): Promise<ReminderSettings> {
    const [row] = await tx
      .select({ automatic: reminderSettings.automatic, channel: reminderSettings.channel })
      .from(reminderSettings)
      .where(eq(reminderSettings.tutorId, tutorId));
    return row ?? DEFAULT_REMINDER_SETTINGS;
  }

  /**
   * D210: in one look, the tutor's cap of the day (from the students who have paid them) and
   * the day's counts so far: the tutor's, and each channel's.
   */
  async function dayOf(tx: Database, tutorId: number, day: string) {
    const sentIn = (scope: string) =>
      sql<number>`coalesce((select ${reminderCounts.sent} from ${reminderCounts}
        where ${reminderCounts.scope} = ${scope} and ${reminderCounts.day} = ${day}), 0)`.mapWith(
        Number,
      );
    const [row] = await tx
      .select({
        paying: sql<number>`(select count(distinct ${orders.payerId}) from ${orders}
          where ${orders.payeeId} = ${tutorId} and ${orders.status} = 'PAID')`.mapWith(Number),
        tutor: sentIn(`tutor:${tutorId}`),
        whatsapp: sentIn('channel:whatsapp'),
        sms: sentIn('channel:sms'),
      })
      .from(sql`(select 1) as one`);
    return {
      cap: dailyReminderCap(row?.paying ?? 0),
      tutor: row?.tutor ?? 0,
      whatsapp: row?.whatsapp ?? 0,
      sms: row?.sms ?? 0,
    };
  }

  /** D210: one more in `scope` on `day`, while under `limit`; false when the limit is reached. */
  async function countOne(tx: Database, scope: string, day: string, limit: number) {
    if (limit <= 0) return false;
    const counted = await tx
      .insert(reminderCounts)
      .values({ scope, day, sent: 1 })
      .onConflictDoUpdate({
        target: [reminderCounts.scope, reminderCounts.day],
        set: { sent: sql`${reminderCounts.sent} + 1` },
        setWhere: lt(reminderCounts.sent, limit),
      })
      .returning({ sent: reminderCounts.sent });
    return counted.length > 0;
  }

  /** The day's slot of a payer, as sent (`skipped` null) or skipped; null when it was taken. */
  async function takeSlot(
    tx: Database,
    tutorId: number,
    payer: { phone: string; name: string },
    day: string,
    kind: 'scheduled' | 'manual',
    skipped: Skip | null,
  ): Promise<{ id: number } | null> {
    const now = clock.now();
    const values = { kind, skipped, amount: 0, createdAt: now };
    const insert = tx
      .insert(reminders)
      .values({ tutorId, payerPhone: payer.phone, payerName: payer.name, day, ...values });
    const [slot] =
      kind === 'manual'
        ? await insert
            .onConflictDoUpdate({
              target: [reminders.tutorId, reminders.payerPhone, reminders.day],
              set: { ...values, linkId: null, smsMessageId: null },
              setWhere: inArray(reminders.skipped, RETAKEN),
            })
            .returning({ id: reminders.id })
        : await insert.onConflictDoNothing().returning({ id: reminders.id });
    return slot ?? null;
  }

  /**
   * One payer's reminder for `day`, in one transaction: the slot, then the skip or the link and
   * the queued text, then (D210) the tutor's and the channel's counts of the day, last and only
   * while under their limits: over one, the transaction is undone and the slot kept as a skip.
   * `null` when the slot was taken already (or nothing is due).
   */
  async function remind(
    tutorId: number,
    payer: { phone: string; name: string },
    day: string,
    kind: 'scheduled' | 'manual',
    /** The tutor's channel when the caller read it already (the pass reads all at once). */
    known?: ReminderSettings['channel'],
  ): Promise<'sent' | 'skipped' | null> {
    let channel = known;
    // WhatsApp's ceiling reached meanwhile: once more, by SMS.
    for (let tries = 0; ; tries += 1) {
      try {
        return await db.transaction((tx) => attempt(tx, tutorId, payer, day, kind, channel));
      } catch (error) {
        // At the checkout of a link for these dues: not now; the next hourly pass looks again.
        if (error instanceof PayerAtCheckout) return null;
        if (!(error instanceof OverLimit)) throw error;
        if (error.channel === 'whatsapp' && tries === 0) {
          channel = 'sms';
          continue;
        }
        return (await takeSlot(db, tutorId, payer, day, kind, error.reason)) ? 'skipped' : null;
      }
    }
  }

  async function attempt(
    tx: Database,
    tutorId: number,
    payer: { phone: string; name: string },
    day: string,
    kind: 'scheduled' | 'manual',
    known?: ReminderSettings['channel'],
  ): Promise<'sent' | 'skipped' | null> {
    const covered = await tx
      .select({
        id: dues.id,
        left: sql<number>`${dues.amount} - ${dues.paid}`.mapWith(Number),
        plan: feePlans.name,
        period: dues.period,
        student: tutorStudents.name,
        confirmedAt: tutorStudents.confirmedAt,
      })
      .from(dues)
      .innerJoin(tutorStudents, eq(tutorStudents.id, dues.studentId))
      .innerJoin(feePlans, eq(feePlans.id, dues.planId))
      .where(
        and(
          eq(tutorStudents.tutorId, tutorId),
          paidForBy(payer.phone),
          openDueOfRunningPlan(day),
          // Due already, or reminded about today (a few days ahead); a tutor's own reminder
          // covers the week ahead too.
          kind === 'manual'
            ? lte(dues.dueDate, addIstDays(day, MANUAL_AHEAD_DAYS))
            : or(lte(dues.dueDate, day), onLadder(day)),
        ),
      )
      .orderBy(asc(dues.dueDate), asc(dues.id));
    if (covered.length === 0) return null;
    const slot = await takeSlot(tx, tutorId, payer, day, kind, null);
    if (!slot) return null;
    const skip = async (skipped: Skip) => {
      await tx.update(reminders).set({ skipped }).where(eq(reminders.id, slot.id));
      return 'skipped' as const;
    };
    const [stopped] = await tx
      .select({ phone: reminderOptOuts.phone })
      .from(reminderOptOuts)
      .where(eq(reminderOptOuts.phone, payer.phone));
    if (stopped) return skip('opted_out');
    // D210: only the dues of students whose phones the tutor vouched for.
    const vouched = covered.filter((due) => due.confirmedAt !== null);
    if (vouched.length === 0) return skip('unconfirmed');
    // D210: a look at the day's counts first, so a reminder past a limit makes no link.
    const today = await dayOf(tx, tutorId, day);
    if (today.tutor >= today.cap) return skip('daily_cap');
    let channel = known ?? (await settingsOf(tutorId, tx)).channel;
    // WhatsApp's tier reached: SMS carries the rest of the day's reminders.
    if (channel === 'whatsapp' && today.whatsapp >= perDay.whatsapp) channel = 'sms';
    if (channel === 'sms' && today.sms >= perDay.sms) return skip('platform_limit');
    const fit = fittingOnePayment(vouched);
    // Issue 15: in the payer's language where they use the app, the link's purpose too.
    const [recipient] = await tx
      .select({ language: users.language })
      .from(users)
      .where(eq(users.phone, payer.phone));
    const language = recipient?.language ?? 'en';
    const link = await inLocale(language, () =>
      dueLinks.open(
        tutorId,
        payer.phone,
        fit.map((due) => due.id),
        { tx, spareCheckouts: true },
      ),
    );
    if (!link.ok) return skip('cannot_accept_payments');
    const [tutor] = await tx.select().from(users).where(eq(users.id, tutorId));
    const amount = Math.round(link.value.amount * 100);
    const smsMessageId = await textMessages.queue(
      {
        phone: payer.phone,
        template: 'feeReminder',
        // D240: the pass's words (feeReminderVars), the student(s) named.
        vars: feeReminderVars({
          tutor: tutor ? displayName(tutor) : '',
          students: fit.map((due) => due.student),
          amount,
          // D209: within a template variable's length, the plans' names only as the rules allow.
          purpose: inLocale(language, () => duesPurpose(fit, TEXT_VARIABLE_MAX_LENGTH)),
          url: link.value.url,
        }),
        language,
      },
      tx,
      channel,
    );
    await tx
      .update(reminders)
      .set({ linkId: link.value.id, amount, smsMessageId })
      .where(eq(reminders.id, slot.id));
    if (!(await countOne(tx, `tutor:${tutorId}`, day, today.cap))) throw new OverLimit('daily_cap');
    if (!(await countOne(tx, `channel:${channel}`, day, perDay[channel]))) {
      throw new OverLimit('platform_limit', channel);
    }
    return 'sent';
  }

  return {
    /** The `reminders-run` job: one pass over every payer due a reminder today (D275). */
    run: pass.run,

    /** D148: the tutor sends one now, for one student's payer, within the day's one slot. */
    async sendNow(caller: UserRow, studentId: number): Promise<Result<Reminder, 403 | 404 | 409>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const [student] = await db
        .select({
          phone: payerPhoneOf,
          name: payerNameOf,
        })
        .from(tutorStudents)
        .where(and(eq(tutorStudents.id, studentId), eq(tutorStudents.tutorId, caller.id)));
      if (!student) return refuse(404, coded(studentsTexts).plans.noStudent);
      const now = clock.now();
      if (!inReminderHours(now)) return refuse(409, coded(m).outsideHours);
      const day = istDateKey(now);
      const outcome = await remind(caller.id, student, day, 'manual');
      if (outcome === null) {
        const [today] = await db
          .select({ id: reminders.id })
          .from(reminders)
          .where(
            and(
              eq(reminders.tutorId, caller.id),
              eq(reminders.payerPhone, student.phone),
              eq(reminders.day, day),
            ),
          );
        return refuse(409, today ? coded(m).alreadyToday : coded(m).nothingDue);
      }
      const [entry] = await logOf(caller.id, eq(reminders.day, day), student.phone);
      const refusal = entry?.skipped ? SKIP_REFUSALS[entry.skipped] : undefined;
      if (outcome === 'skipped' && refusal) return refuse(409, refusal());
      return success(entry!);
    },

    /**
     * D239: a reminder now to every payer of the tutor's students with a due past its date and
     * unpaid, each within the day's one slot and its own transaction, a few at a time.
     */
    async remindOverdue(
      caller: UserRow,
    ): Promise<Result<components['schemas']['RemindOverdue'], 403 | 409>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const now = clock.now();
      if (!inReminderHours(now)) return refuse(409, coded(m).outsideHours);
      const day = istDateKey(now);
      const payers = await db
        .selectDistinct({ phone: payerPhoneOf, name: payerNameOf })
        .from(dues)
        .innerJoin(tutorStudents, eq(tutorStudents.id, dues.studentId))
        .innerJoin(feePlans, eq(feePlans.id, dues.planId))
        .where(and(eq(dues.tutorId, caller.id), openDueOfRunningPlan(day), lt(dues.dueDate, day)));
      const channel = (await settingsOf(caller.id)).channel;
      const counts = { sent: 0, skipped: 0, already: 0 };
      const seen = new Set<string>();
      let next = 0;
      const lane = async () => {
        while (next < payers.length) {
          const payer = payers[next]!;
          next += 1;
          // A payer named twice (a parent of two) is reminded once.
          if (seen.has(payer.phone)) continue;
          seen.add(payer.phone);
          const outcome = await remind(caller.id, payer, day, 'manual', channel);
          if (outcome === 'sent') counts.sent += 1;
          else if (outcome === 'skipped') counts.skipped += 1;
          else counts.already += 1;
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, lane));
      return success(counts);
    },

    /** D148: the latest reminders, sent, failed or skipped, and who replied STOP. */
    async log(caller: UserRow): Promise<Result<ReminderLog, 403>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const stopped = await db
        .selectDistinct({
          name: payerNameOf,
          phone: reminderOptOuts.phone,
          since: reminderOptOuts.createdAt,
        })
        .from(reminderOptOuts)
        .innerJoin(tutorStudents, sql`${payerPhoneOf} = ${reminderOptOuts.phone}`)
        .where(eq(tutorStudents.tutorId, caller.id))
        .orderBy(asc(reminderOptOuts.phone));
      return success({
        results: await logOf(caller.id, undefined),
        stopped: stopped.map((s) => ({
          payer_name: s.name,
          payer_phone: s.phone,
          since: s.since.toISOString(),
        })),
      });
    },

    /** D151: how the tutor's reminders go. */
    async settings(caller: UserRow): Promise<Result<ReminderSettings, 403>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      return success(await settingsOf(caller.id));
    },

    async saveSettings(
      caller: UserRow,
      wanted: ReminderSettings,
    ): Promise<Result<ReminderSettings, 403>> {
      const refused = tutorOnly(caller);
      if (refused) return refused;
      const values = {
        automatic: wanted.automatic,
        channel: wanted.channel,
        updatedAt: clock.now(),
      };
      await db
        .insert(reminderSettings)
        .values({ tutorId: caller.id, ...values })
        .onConflictDoUpdate({ target: reminderSettings.tutorId, set: values });
      return success(await settingsOf(caller.id));
    },

    /** A payer's reply (MSG91's inbound SMS or WhatsApp): STOP and the like opt out; START opts in again. */
    async reply(phone: string, intent: 'stop' | 'start'): Promise<void> {
      if (intent === 'stop') {
        await db
          .insert(reminderOptOuts)
          .values({ phone, createdAt: clock.now() })
          .onConflictDoNothing();
      } else {
        await db.delete(reminderOptOuts).where(eq(reminderOptOuts.phone, phone));
      }
    },
  };

  async function logOf(tutorId: number, where: ReturnType<typeof and>, phone?: string) {
    const rows = await db
      .select({ reminder: reminders, first: smsMessages, replacement })
      .from(reminders)
      .leftJoin(smsMessages, eq(smsMessages.id, reminders.smsMessageId))
      .leftJoin(replacement, eq(replacement.id, smsMessages.replacedBy))
      .where(
        and(
          eq(reminders.tutorId, tutorId),
          where,
          phone === undefined ? undefined : eq(reminders.payerPhone, phone),
        ),
      )
      .orderBy(desc(reminders.createdAt), desc(reminders.id))
      .limit(LOG_SIZE);
    return rows.map(({ reminder, first, replacement }): Reminder => {
      // The text that carries the outcome: the SMS that took over, or the first one.
      const sms = replacement ?? first;
      return {
        id: reminder.id,
        day: reminder.day,
        kind: reminder.kind,
        payer_name: reminder.payerName,
        payer_phone: reminder.payerPhone,
        channel: sms?.channel ?? 'sms',
        // Nothing was asked of a payer skipped: no amount, not '₹0.00'.
        amount: reminder.skipped ? null : paiseToRupees(reminder.amount),
        link_id: reminder.linkId,
        status: reminder.skipped ? 'skipped' : (sms?.status ?? 'queued'),
        skipped: reminder.skipped,
        error: sms?.status === 'failed' ? sms.error : null,
        whatsapp_error: replacement ? (first?.error ?? null) : null,
        created_at: reminder.createdAt.toISOString(),
      };
    });
  }
}

export type ReminderService = ReturnType<typeof createReminderService>;
