// The personal-details form of both sign-ups (spec §2, §5): first and last name as on the PAN,
// and the PAN. Renders the personalDetails machine (machines/personalDetails); each sign-up
// gives its own words. A PAN on file is shown read-only on the tutor's step 1 (D29) and not at
// all on the student's form (spec §5: the field appears only if the server has none).
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Button, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { personalVisibleErrors, type PersonalField } from '../../../machines/personalDetails/form';
import {
  detailsVerified,
  type PersonalDetailsActorRef,
} from '../../../machines/personalDetails/personalDetails.machine';
import { loadInLanguage } from '../app/loadInLanguage';
import { authClasses as classes } from './AuthLayout';

// D328: the notice and its words come after the form's first paint (the tutor's step 1 is a
// first paint); the form cannot be sent before its box is ticked anyway.
const NoticeConsent = lazy(async () => ({
  default: (await loadInLanguage(() => import('./NoticeConsent'))).NoticeConsent,
}));

export interface PersonalDetailsTexts {
  intro: string;
  /** The intro once names and PAN are verified (D29; only the tutor's are locked). */
  verified?: string;
  firstName: string;
  lastName: string;
  /** Under each name field. */
  nameNote?: string;
  pan: string;
  /** Under the PAN field while it can be typed. */
  panNote?: string;
  panPlaceholder: string;
  submit: string;
}

interface FieldProps {
  details: PersonalDetailsActorRef;
  field: PersonalField;
  label: string;
  description?: string;
  autoComplete: string;
  placeholder?: string;
}

function Field({ details, field, label, description, autoComplete, placeholder }: FieldProps) {
  const value = useSelector(details, (s) => s.context[field]);
  const error = useSelector(details, (s) => personalVisibleErrors(s.context)[field]);
  // Read-only while saving, and for good once verified (D29).
  const readOnly = useSelector(
    details,
    (s) => !s.can({ type: 'details.change', field, value: '' }),
  );
  return (
    <TextInput
      label={label}
      description={description}
      value={value}
      onChange={(event) =>
        details.send({ type: 'details.change', field, value: event.currentTarget.value })
      }
      onBlur={() => details.send({ type: 'details.blur', field })}
      error={error}
      readOnly={readOnly}
      autoComplete={autoComplete}
      placeholder={placeholder}
      size="md"
      withAsterisk={!readOnly}
      name={field}
      {...(field === 'pan' ? { autoCapitalize: 'characters', spellCheck: false } : {})}
    />
  );
}

export function PersonalDetailsForm({
  details,
  texts: t,
  panOnFile,
}: {
  details: PersonalDetailsActorRef;
  texts: PersonalDetailsTexts;
  panOnFile: 'shown' | 'hidden';
}) {
  const verified = useSelector(details, (s) => detailsVerified(s.context));
  const panShown = useSelector(details, (s) => s.context.panRequired || panOnFile === 'shown');
  const notice = useSelector(details, (s) => s.context.notice);
  const error = useSelector(details, (s) => (s.hasTag('error') ? s.context.error : null));
  const submitting = useSelector(details, (s) => s.matches('submitting'));
  const canSubmit = useSelector(details, (s) => s.can({ type: 'details.submit' }));
  const consented = useSelector(details, (s) => s.context.consented);
  return (
    <form
      className={classes.stack}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        details.send({ type: 'details.submit' });
      }}
    >
      <p className={classes.text}>{verified ? (t.verified ?? t.intro) : t.intro}</p>
      <Field
        details={details}
        field="firstName"
        label={t.firstName}
        description={t.nameNote}
        autoComplete="given-name"
      />
      <Field
        details={details}
        field="lastName"
        label={t.lastName}
        description={t.nameNote}
        autoComplete="family-name"
      />
      {panShown ? (
        <Field
          details={details}
          field="pan"
          label={t.pan}
          description={verified ? undefined : t.panNote}
          autoComplete="off"
          placeholder={t.panPlaceholder}
        />
      ) : null}
      {/* D319: asked wherever the form sends something (not for details verified already). */}
      {verified ? null : (
        <Suspense fallback={null}>
          <NoticeConsent
            checked={consented}
            onChange={(value) => details.send({ type: 'consent.toggle', value })}
            disabled={submitting}
          />
        </Suspense>
      )}
      {notice ? (
        <p className={classes.text} role="status">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className={classes.error} role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="md" fullWidth disabled={!canSubmit} loading={submitting}>
        {t.submit}
      </Button>
    </form>
  );
}
