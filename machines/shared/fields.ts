// Field helpers the form machines share: what a name field keeps of what was typed, and the
// message a field shows, taken from its zod schema (src/domain/validation.ts).
import { NAME_MAX_LENGTH } from '../../src/domain/constants';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A name field keeps no control characters and at most NAME_MAX_LENGTH characters. */
export function nameInput(raw: string): string {
  return raw.replace(CONTROL, '').slice(0, NAME_MAX_LENGTH);
}

/** The part of a zod schema a field check needs (machines stay free of zod's types). */
export interface FieldSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}

/** The schema's first message for `value`, or null when the value is valid. */
export function fieldIssue(schema: FieldSchema, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}
