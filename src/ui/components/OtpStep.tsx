// The code step of a phone login (spec §4 OTP screen), for students and tutors alike: renders the
// otp machine (machines/otp) that the login machine runs as its child. A code the server refuses
// because the phone has the other role (D14) links to the other login (`otherLogin`).
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Button } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { otpNotice, resendLabel, type OtpActorRef } from '../../../machines/otp/otp.machine';
import { messages } from '../../domain/messages';
import { authClasses as classes } from './AuthLayout';
import { OtpField } from './OtpField';

interface Props {
  otp: OtpActorRef;
  onChangePhone: () => void;
  /** The other role's login, e.g. { to: '/tutor/login', label: 'Login as a teacher instead?' }. */
  otherLogin: { to: string; label: string };
}

export function OtpStep({ otp, onChangePhone, otherLogin }: Props) {
  const phone = useSelector(otp, (s) => s.context.phone);
  const code = useSelector(otp, (s) => s.context.code);
  const error = useSelector(otp, (s) => (s.hasTag('error') ? s.context.error : null));
  const roleConflict = useSelector(otp, (s) => s.context.roleConflict);
  const notice = useSelector(otp, (s) => otpNotice(s.context));
  const verifying = useSelector(otp, (s) => s.hasTag('loading'));
  const canVerify = useSelector(otp, (s) => s.can({ type: 'otp.submit' }));
  const resendIn = useSelector(otp, (s) => s.context.resendIn);
  const canResend = useSelector(otp, (s) => s.can({ type: 'otp.resend' }));
  const resending = useSelector(otp, (s) => s.matches({ active: { resend: 'sending' } }));
  const resendError = useSelector(otp, (s) => s.context.resendError);

  return (
    <form
      className={classes.stack}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        otp.send({ type: 'otp.submit' });
      }}
    >
      <OtpField
        label={messages.otp.label}
        description={messages.otp.enterCode(phone)}
        value={code}
        onChange={(value) => otp.send({ type: 'otp.change', value })}
        readOnly={verifying}
        autoFocus
        error={
          error ? (
            <>
              {error}
              {roleConflict ? (
                <>
                  {' '}
                  <Link className={classes.link} to={otherLogin.to}>
                    {otherLogin.label}
                  </Link>
                </>
              ) : null}
            </>
          ) : null
        }
      />
      {notice ? (
        <p className={classes.text} role="status">
          {notice}
        </p>
      ) : null}
      <Button type="submit" size="md" fullWidth disabled={!canVerify} loading={verifying}>
        {messages.otp.verify}
      </Button>
      <button
        type="button"
        className={classes.linkButton}
        disabled={!canResend}
        aria-busy={resending}
        onClick={() => otp.send({ type: 'otp.resend' })}
      >
        {resendLabel(resendIn)}
      </button>
      {resendError ? (
        <p className={classes.error} role="alert">
          {resendError}
        </p>
      ) : null}
      <button type="button" className={classes.linkButton} onClick={onChangePhone}>
        {messages.otp.changePhone}
      </button>
    </form>
  );
}
