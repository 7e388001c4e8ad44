// /tutor/login (spec §2 "Tutor login page", §5 "Tutor login"): phone, the terms checkbox and
// Verify, then the code step; where the tutor goes next is the login machine's business.
// The layout is the student's (AuthLayout, 850 px breakpoint in CSS) with the tutors' side text.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Button, Checkbox, Loader } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { otpMachine } from '../../../../../machines/otp/otp.machine';
import {
  loginMachine,
  loginPhoneError,
  termsHint,
  type LoginActorRef,
} from '../../../../../machines/login/login.machine';
import { requestOtpActor, verifyOtpActor } from '../../../../api/actors/auth';
import { messages } from '../../../../domain/messages';
import { useNavigateAction } from '../../../app/navigation';
import { AuthLayout, authClasses as classes } from '../../../components/AuthLayout';
import { OtpStep } from '../../../components/OtpStep';
import { PhoneField } from '../../../components/PhoneField';
import { codeMemory } from '../../../../browser/codeMemory';
import {
  clearTutorSession,
  storeStep,
  storeTutorSession,
  track,
  tutorAccountActor,
} from '../tutorEffects';

const m = messages.tutorLogin;
/** D14: a student's phone links to the student login. */
const STUDENT_LOGIN = {
  to: '/student/login',
  get label() {
    return messages.roles.loginAsStudent;
  },
};
const NO_PERKS: readonly string[] = [];

function TermsLabel() {
  return (
    <>
      {m.termsLead}{' '}
      <a className={classes.link} href="/terms-of-use" target="_blank" rel="noopener">
        {messages.footer.termsOfUse}
      </a>{' '}
      {m.termsJoin}{' '}
      <a className={classes.link} href="/privacy-policy" target="_blank" rel="noopener">
        {messages.footer.privacyPolicy}
      </a>
    </>
  );
}

function PhoneStep({ actor }: { actor: LoginActorRef }) {
  const phone = useSelector(actor, (s) => s.context.phone);
  const phoneError = useSelector(actor, loginPhoneError);
  const terms = useSelector(actor, (s) => s.context.terms);
  const hint = useSelector(actor, termsHint);
  const error = useSelector(actor, (s) => (s.hasTag('error') ? s.context.error : null));
  const roleConflict = useSelector(actor, (s) => s.context.roleConflict);
  const requesting = useSelector(actor, (s) => s.hasTag('loading'));
  const canVerify = useSelector(actor, (s) => s.can({ type: 'phone.submit' }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'phone.submit' });
  };

  return (
    <form className={classes.stack} onSubmit={onSubmit} noValidate>
      <PhoneField
        label={messages.studentLogin.phoneLabel}
        placeholder={messages.studentLogin.phonePlaceholder}
        value={phone}
        onChange={(value) => actor.send({ type: 'phone.change', value })}
        error={phoneError}
        readOnly={requesting}
      />
      <Checkbox
        checked={terms}
        onChange={(event) =>
          actor.send({ type: 'terms.change', agreed: event.currentTarget.checked })
        }
        label={<TermsLabel />}
        description={hint}
        disabled={requesting}
      />
      {error ? (
        <p className={classes.error} role="alert">
          {error}
          {roleConflict ? (
            <>
              {' '}
              <Link className={classes.link} to={STUDENT_LOGIN.to}>
                {STUDENT_LOGIN.label}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <Button type="submit" size="md" fullWidth disabled={!canVerify} loading={requesting}>
        {m.verify}
      </Button>
    </form>
  );
}

/** D128: the tutor's code, kept for a reload on the code step. */
const tutorCode = codeMemory('teacher');

export function TutorLoginPage() {
  const navigate = useNavigateAction();
  // useActorRef keeps the first actor and refreshes its implementations on every render.
  const actor = useActorRef(
    loginMachine.provide({
      actors: {
        requestOtp: requestOtpActor,
        loadAccount: tutorAccountActor,
        otp: otpMachine.provide({
          actors: { verifyOtp: verifyOtpActor, sendOtp: requestOtpActor },
        }),
      },
      actions: {
        storeSession: storeTutorSession,
        clearSession: clearTutorSession,
        storeStep,
        track,
        navigate,
        rememberCode: tutorCode.remember,
        forgetCode: tutorCode.forget,
      },
    }),
    { input: { role: 'teacher', resume: tutorCode.resume() } },
  );
  return <TutorLoginView actor={actor} />;
}

/** The page on a running login actor (the path tests render it on theirs). */
export function TutorLoginView({ actor }: { actor: LoginActorRef }) {
  const onPhoneStep = useSelector(actor, (s) => s.matches('phone'));
  const otp = useSelector(actor, (s) => s.children.otp);

  return (
    <AuthLayout title={m.title} headline={messages.tutorSignup.sideText} perks={NO_PERKS}>
      {onPhoneStep ? (
        <PhoneStep actor={actor} />
      ) : otp ? (
        <OtpStep
          otp={otp}
          onChangePhone={() => actor.send({ type: 'phone.edit' })}
          otherLogin={STUDENT_LOGIN}
        />
      ) : (
        <Loader size="sm" aria-label={m.title} />
      )}
    </AuthLayout>
  );
}
