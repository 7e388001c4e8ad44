// Issue 49 (D250): an email address as a payer types it for a mandate: one @, a dotted domain,
// no spaces, at most EMAIL_MAX_LENGTH (the gateway's customer_email limit), trimmed and
// lower-cased. It is not verified yet (a code by mail comes with a later issue): only its shape
// is checked. Its words are Autopay's (its only screen), so no first paint carries them.
import * as z from 'zod/mini';
import { autopayTexts } from './autopayTexts';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const EMAIL_MAX_LENGTH = 100;

const e = autopayTexts.email;

export const emailSchema = z
  .string({ error: () => e.required })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: () => e.required }),
    z.maxLength(EMAIL_MAX_LENGTH, { error: () => e.invalid }),
    z.regex(EMAIL_PATTERN, { error: () => e.invalid }),
  );
