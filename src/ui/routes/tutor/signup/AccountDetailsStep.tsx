// Sign-up step 2, account details (spec §2, §4 "Bank account verification", §5, §8): account
// number, its re-entry and IFSC, Verify; then the verified panel ('Verify Aadhaar') or the failed
// one ('Try Again'); Back to step 1. The bankVerification machine holds the rules; D16: the
// numbers live in it only.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Button, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  bankVisibleErrors,
  type BankField,
  type BankVerificationActorRef,
} from '../../../../../machines/bankVerification/bankVerification.machine';
import { messages } from '../../../../domain/messages';
import { authClasses as classes } from '../../../components/AuthLayout';
import { ErrorPanel } from '../../../components/ErrorPanel';

const m = messages.bank;

interface FieldProps {
  bank: BankVerificationActorRef;
  field: BankField;
  label: string;
  placeholder?: string;
}

function Field({ bank, field, label, placeholder }: FieldProps) {
  const value = useSelector(bank, (s) => s.context[field]);
  const error = useSelector(bank, (s) => bankVisibleErrors(s.context)[field]);
  const readOnly = useSelector(bank, (s) => s.hasTag('loading'));
  const numeric = field !== 'ifsc';
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) =>
        bank.send({ type: 'bank.change', field, value: event.currentTarget.value })
      }
      onBlur={() => bank.send({ type: 'bank.blur', field })}
      error={error}
      readOnly={readOnly}
      placeholder={placeholder}
      size="md"
      withAsterisk
      name={field}
      // D16: the browser must not remember bank numbers either.
      autoComplete="off"
      spellCheck={false}
      {...(numeric ? { inputMode: 'numeric' as const } : { autoCapitalize: 'characters' })}
    />
  );
}

function BackButton({ bank }: { bank: BankVerificationActorRef }) {
  const canBack = useSelector(bank, (s) => s.can({ type: 'bank.back' }));
  return (
    <Button
      variant="default"
      size="md"
      fullWidth
      disabled={!canBack}
      onClick={() => bank.send({ type: 'bank.back' })}
    >
      {messages.tutorSignup.back}
    </Button>
  );
}

function BankForm({ bank }: { bank: BankVerificationActorRef }) {
  const verifying = useSelector(bank, (s) => s.hasTag('loading'));
  const canVerify = useSelector(bank, (s) => s.can({ type: 'bank.verify' }));
  return (
    <form
      className={classes.stack}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        bank.send({ type: 'bank.verify' });
      }}
    >
      <p className={classes.text}>{messages.tutorSignup.step2Note}</p>
      <Field bank={bank} field="accountNumber" label={m.accountNumber} />
      <Field bank={bank} field="confirmAccountNumber" label={m.confirmAccountNumber} />
      <Field bank={bank} field="ifsc" label={m.ifsc} placeholder={m.ifscPlaceholder} />
      <Button type="submit" size="md" fullWidth disabled={!canVerify} loading={verifying}>
        {m.verify}
      </Button>
      <BackButton bank={bank} />
    </form>
  );
}

export function AccountDetailsStep({ bank }: { bank: BankVerificationActorRef }) {
  const verified = useSelector(bank, (s) => s.matches('verified'));
  const failed = useSelector(bank, (s) => s.matches('failed'));
  const error = useSelector(bank, (s) => s.context.error);
  if (verified) {
    return (
      <div className={classes.stack} role="status">
        <h2 className={classes.title}>{m.verifiedTitle}</h2>
        <p className={classes.text}>{m.verifiedBody}</p>
        <Button size="md" fullWidth onClick={() => bank.send({ type: 'bank.continue' })}>
          {m.verifyAadhaar}
        </Button>
      </div>
    );
  }
  if (failed) {
    return (
      <div className={classes.stack}>
        <ErrorPanel title={m.failedTitle}>
          {error ? <p>{error}</p> : null}
          <p>{m.failedBody}</p>
        </ErrorPanel>
        <Button size="md" fullWidth onClick={() => bank.send({ type: 'bank.retry' })}>
          {m.tryAgain}
        </Button>
        <BackButton bank={bank} />
      </div>
    );
  }
  return <BankForm bank={bank} />;
}
