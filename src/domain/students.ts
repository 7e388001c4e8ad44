// Issue 14: what a tutor's student is, checked the same way when added one by one and on every
// row of a CSV: the student's name and phone, optionally the parent who pays (their phone is
// then required: reminders and links go to it) and a batch label. A phone is kept as its 10
// digits whatever way it was written ('+91 98765 43210').
import * as z from 'zod/mini';
import { BATCH_MAX_LENGTH } from './constants';
import { messages } from './messages';
import { privacyTexts } from './privacyTexts';
import { nameSaid, PHONE_PATTERN, phoneInput, tidyText } from './validation';
import { studentsTexts } from './studentsTexts';
import { coded, type Said } from './texts';

const m = studentsTexts.api;

/** A student as the API reads and writes one (snake_case, as the contract's NewStudent). */
/** D230: the Students list shows the current students or those who left. */
export const STUDENT_STATUSES = ['current', 'left'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];

export interface StudentInput {
  name: string;
  phone: string;
  parent_name?: string | null;
  parent_phone?: string | null;
  batch?: string | null;
}

export type StudentField = keyof StudentInput;

export interface StudentRecord {
  name: string;
  phone: string;
  parentName: string | null;
  parentPhone: string | null;
  batch: string | null;
}

/** One field's problem, with its text's code (D236): a form shows it at the field. */
export interface FieldError extends Said {
  field: StudentField | 'plan';
}

export type StudentCheck = { ok: true; value: StudentRecord } | { ok: false; errors: FieldError[] };

const batchSchema = z
  .string()
  .check(z.maxLength(BATCH_MAX_LENGTH, { error: () => m.batchTooLong }));

const tidy = (value: string | null | undefined): string => tidyText(value ?? '');
const nameProblem = (value: string): Said | null => nameSaid(value, () => coded(m).nameRequired);

/** Every problem of one student, in field order; or the student as it is kept. */
export function checkStudent(input: StudentInput): StudentCheck {
  const name = tidy(input.name);
  const phone = phoneInput(input.phone ?? '');
  const parentName = tidy(input.parent_name);
  const parentPhone = phoneInput(input.parent_phone ?? '');
  const batch = tidy(input.batch);
  const errors: FieldError[] = [];
  const add = (field: StudentField, said: Said | null) => {
    if (said) errors.push({ field, ...said });
  };
  const phoneSaid = coded(messages).validation.phone;
  add('name', nameProblem(name));
  add('phone', PHONE_PATTERN.test(phone) ? null : phoneSaid);
  if (parentName !== '') add('parent_name', nameProblem(parentName));
  if (tidy(input.parent_phone) !== '') {
    add('parent_phone', PHONE_PATTERN.test(parentPhone) ? null : phoneSaid);
  } else if (parentName !== '') add('parent_phone', coded(m).parentPhoneRequired);
  add('batch', batchSchema.safeParse(batch).success ? null : coded(m).batchTooLong);
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name,
      phone,
      parentName: parentName || null,
      parentPhone: parentPhone || null,
      batch: batch || null,
    },
  };
}

/**
 * D234: the key a batch is matched by, ignoring case and spaces: 'Class 10 Maths',
 * 'class 10  maths' and 'CLASS10MATHS' are one batch; null for none. Plans reach the
 * students whose batch has their plan's key; the batch is still shown as the tutor wrote it.
 */
export function batchKey(batch: string | null | undefined): string | null {
  const key = tidy(batch).toLocaleLowerCase('en-IN').replace(/\s+/g, '');
  return key === '' ? null : key;
}

/** A batch and how many of `students` are in it (the first spelling met names it). */
export interface BatchCount {
  batch: string;
  key: string;
  students: number;
}

/** The batches of `students`, by name, each once whatever its case and spaces. */
export function batchesOf(students: readonly { batch: string | null }[]): BatchCount[] {
  const found = new Map<string, BatchCount>();
  for (const { batch } of students) {
    const key = batchKey(batch);
    if (key === null) continue;
    const seen = found.get(key);
    if (seen) seen.students += 1;
    else found.set(key, { batch: tidy(batch), key, students: 1 });
  }
  return [...found.values()].sort((a, b) =>
    a.batch.localeCompare(b.batch, 'en-IN', { sensitivity: 'base', numeric: true }),
  );
}

/** Edits between two keys (Levenshtein), for the batch a typo meant. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + cost));
    }
    row = next;
  }
  return row[b.length]!;
}

/** Edits a typed batch may be away from a known one to be offered instead. */
const NEAR_EDITS = 2;

/**
 * D234: the known batches `batch` was likely meant to be when it matches none ('Class 10 Math'
 * for 'Class 10 Maths'), nearest first; none when it matches one.
 */
export function nearBatches(batch: string, known: readonly BatchCount[]): BatchCount[] {
  const key = batchKey(batch);
  if (key === null || known.some((b) => b.key === key)) return [];
  return known
    .map((b) => ({ b, d: distance(key, b.key) }))
    .filter(({ d }) => d <= NEAR_EDITS)
    .sort((x, y) => x.d - y.d)
    .map(({ b }) => b);
}

/** What the tutor says of a child when adding one (D320). */
export interface ChildConsent {
  minor?: boolean;
  parent_consent?: boolean;
  parent_phone?: string | null;
}

/**
 * D320 (DPDP Act s.9, Rules r.10): a child's data needs the parent's consent first. The tutor
 * adds a child only with the paying parent named, once they say the parent agreed; the parent
 * then confirms it themself on their first login. Null when nothing is missing.
 */
export function childConsentError(input: ChildConsent): Said | null {
  if (!input.minor) return null;
  if (tidy(input.parent_phone) === '') return coded(privacyTexts).api.minorNeedsParent;
  return input.parent_consent === true ? null : coded(privacyTexts).api.minorNeedsConsent;
}
