// Issue 14: what a tutor's student is, checked the same way when added one by one and on every
// row of a CSV: the student's name and phone, optionally the parent who pays (their phone is
// then required: reminders and links go to it) and a batch label. A phone is kept as its 10
// digits whatever way it was written ('+91 98765 43210').
import * as z from 'zod/mini';
import { BATCH_MAX_LENGTH } from './constants';
import { messages } from './messages';
import { nameSchema, PHONE_PATTERN, phoneInput, tidyText } from './validation';
import { privacyTexts } from './privacyTexts';
import { studentsTexts } from './studentsTexts';

const m = studentsTexts.api;

/** A student as the API reads and writes one (snake_case, as the contract's NewStudent). */
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

export interface FieldError {
  field: StudentField | 'plan';
  message: string;
}

export type StudentCheck = { ok: true; value: StudentRecord } | { ok: false; errors: FieldError[] };

const studentNameSchema = nameSchema(() => m.nameRequired);
const parentNameSchema = nameSchema(() => m.nameRequired);
const batchSchema = z
  .string()
  .check(z.maxLength(BATCH_MAX_LENGTH, { error: () => m.batchTooLong }));

const tidy = (value: string | null | undefined): string => tidyText(value ?? '');
const issue = (schema: z.ZodMiniType, value: string): string | null => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

/** Every problem of one student, in field order; or the student as it is kept. */
export function checkStudent(input: StudentInput): StudentCheck {
  const name = tidy(input.name);
  const phone = phoneInput(input.phone ?? '');
  const parentName = tidy(input.parent_name);
  const parentPhone = phoneInput(input.parent_phone ?? '');
  const batch = tidy(input.batch);
  const errors: FieldError[] = [];
  const add = (field: StudentField, message: string | null) => {
    if (message) errors.push({ field, message });
  };
  add('name', issue(studentNameSchema, name));
  add('phone', PHONE_PATTERN.test(phone) ? null : messages.validation.phone);
  if (parentName !== '') add('parent_name', issue(parentNameSchema, parentName));
  if (tidy(input.parent_phone) !== '') {
    add('parent_phone', PHONE_PATTERN.test(parentPhone) ? null : messages.validation.phone);
  } else if (parentName !== '') add('parent_phone', m.parentPhoneRequired);
  add('batch', issue(batchSchema, batch));
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
export function childConsentError(input: ChildConsent): string | null {
  if (!input.minor) return null;
  if (tidy(input.parent_phone) === '') return privacyTexts.api.minorNeedsParent;
  return input.parent_consent === true ? null : privacyTexts.api.minorNeedsConsent;
}
