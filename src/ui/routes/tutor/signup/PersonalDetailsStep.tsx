// Sign-up step 1, personal details (spec §2, §5): first and last name as on the PAN, and the
// PAN, with the spec's two notes. A tutor whose PAN is verified sees them read-only and Next
// simply moves on. The tutorOnboarding machine holds the rules.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Button, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  personalVisibleErrors,
  type PersonalField,
} from '../../../../../machines/shared/personalDetails';
import type { TutorOnboardingActorRef } from '../../../../../machines/tutorOnboarding/tutorOnboarding.machine';
import { messages } from '../../../../domain/messages';
import { authClasses as classes } from '../../../components/AuthLayout';

const m = messages.tutorSignup;

interface FieldProps {
  actor: TutorOnboardingActorRef;
  field: PersonalField;
  label: string;
  description?: string;
  autoComplete: string;
  placeholder?: string;
}

function Field({ actor, field, label, description, autoComplete, placeholder }: FieldProps) {
  const value = useSelector(actor, (s) => s.context[field]);
  const error = useSelector(actor, (s) => personalVisibleErrors(s.context)[field]);
  // Read-only while saving, and for good once verified (D29).
  const readOnly = useSelector(actor, (s) => !s.can({ type: 'personal.change', field, value: '' }));
  return (
    <TextInput
      label={label}
      description={description}
      value={value}
      onChange={(event) =>
        actor.send({ type: 'personal.change', field, value: event.currentTarget.value })
      }
      onBlur={() => actor.send({ type: 'personal.blur', field })}
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

export function PersonalDetailsStep({ actor }: { actor: TutorOnboardingActorRef }) {
  const verified = useSelector(actor, (s) => s.context.namesLocked && !s.context.panRequired);
  const error = useSelector(actor, (s) => (s.hasTag('error') ? s.context.error : null));
  const submitting = useSelector(actor, (s) => s.matches({ personal: 'submitting' }));
  const canNext = useSelector(actor, (s) => s.can({ type: 'personal.next' }));
  return (
    <form
      className={classes.stack}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'personal.next' });
      }}
    >
      <p className={classes.text}>{verified ? m.verified : m.step1NameNote}</p>
      <Field actor={actor} field="firstName" label={m.firstName} autoComplete="given-name" />
      <Field actor={actor} field="lastName" label={m.lastName} autoComplete="family-name" />
      <Field
        actor={actor}
        field="pan"
        label={m.pan}
        description={verified ? undefined : m.step1PanNote}
        autoComplete="off"
        placeholder={m.panPlaceholder}
      />
      {error ? (
        <p className={classes.error} role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="md" fullWidth disabled={!canNext} loading={submitting}>
        {m.next}
      </Button>
    </form>
  );
}
