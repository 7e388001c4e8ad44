// The personal-details form's rules (spec §5): first and last name as on the PAN, and the PAN
// unless one is on file. What each field keeps of what was typed, its message, and when the
// message shows. The personalDetails machine holds the form; its views read these.
import { PAN_LENGTH } from '../../src/domain/constants';
import { NOTICE_VERSION } from '../../src/domain/privacy';
import { firstNameSchema, lastNameSchema, panInput, panSchema } from '../../src/domain/validation';
import { fieldIssue, nameInput } from '../shared/fields';

export type PersonalField = 'firstName' | 'lastName' | 'pan';

export interface PersonalDetailsForm {
  firstName: string;
  lastName: string;
  pan: string;
  /** The PAN field is shown and required: no PAN is on file. */
  panRequired: boolean;
  /** Fields the user has left at least once: their errors show. */
  touched: Record<PersonalField, boolean>;
}

export const UNTOUCHED_PERSONAL: Record<PersonalField, boolean> = {
  firstName: false,
  lastName: false,
  pan: false,
};

/** Spec §5: the PAN upper-cased, letters and digits, at most 10; names without control characters. */
export function personalInput(field: PersonalField, raw: string): string {
  return field === 'pan' ? panInput(raw) : nameInput(raw);
}

/** Every field's error, shown or not. */
export function personalFieldErrors(
  form: PersonalDetailsForm,
): Record<PersonalField, string | null> {
  return {
    firstName: fieldIssue(firstNameSchema, form.firstName),
    lastName: fieldIssue(lastNameSchema, form.lastName),
    pan: form.panRequired ? fieldIssue(panSchema, form.pan) : null,
  };
}

/**
 * The errors to show: a field's once it was left, the PAN's also as soon as 10 characters are
 * typed (as the phone field does), so 'Enter valid PAN' appears without leaving the field.
 */
export function personalVisibleErrors(
  form: PersonalDetailsForm,
): Record<PersonalField, string | null> {
  const errors = personalFieldErrors(form);
  const { touched } = form;
  return {
    firstName: touched.firstName ? errors.firstName : null,
    lastName: touched.lastName ? errors.lastName : null,
    pan: touched.pan || form.pan.length === PAN_LENGTH ? errors.pan : null,
  };
}

export function isPersonalDetailsValid(form: PersonalDetailsForm): boolean {
  return Object.values(personalFieldErrors(form)).every((e) => e === null);
}

/**
 * `POST user/onboarding/`'s body for the user's own phone: trimmed names, the PAN when asked,
 * and the privacy notice's version once agreed to on the form (D319).
 */
export function onboardSelfBody(
  form: PersonalDetailsForm & { phone: string; consented: boolean },
): {
  phone: string;
  first_name: string;
  last_name: string;
  pan?: string;
  notice_version?: string;
} {
  return {
    phone: form.phone,
    first_name: form.firstName.trim(),
    last_name: form.lastName.trim(),
    ...(form.panRequired ? { pan: form.pan } : {}),
    ...(form.consented ? { notice_version: NOTICE_VERSION } : {}),
  };
}
