// The steps of /student/login after the phone (spec §2, §4 OTP screen, Student login): the code
// step (the otp machine), then the success drawer ('Welcome Back' / 'Login Successful',
// Continue). A chunk of its own, fetched while the student types the phone number.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import { Button, Drawer, Loader } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { resendLabel, type OtpActorRef } from '../../../../machines/otp/otp.machine';
import {
  welcomeTexts,
  type StudentLoginActorRef,
} from '../../../../machines/studentLogin/studentLogin.machine';
import { messages } from '../../../domain/messages';
import { authClasses as classes } from '../../components/AuthLayout';
import { OtpField } from '../../components/OtpField';
import drawerClasses from './WelcomeDrawer.module.css';

function OtpStep({ otp, onChangePhone }: { otp: OtpActorRef; onChangePhone: () => void }) {
  const phone = useSelector(otp, (s) => s.context.phone);
  const code = useSelector(otp, (s) => s.context.code);
  const error = useSelector(otp, (s) => (s.hasTag('error') ? s.context.error : null));
  const roleConflict = useSelector(otp, (s) => s.context.roleConflict);
  const notice = useSelector(otp, (s) => s.context.notice);
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
                  <Link className={classes.link} to="/tutor/login">
                    {messages.roles.loginAsTeacher}
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
        {messages.studentLogin.changePhone}
      </button>
    </form>
  );
}

function WelcomeDrawer({ actor }: { actor: StudentLoginActorRef }) {
  const opened = useSelector(
    actor,
    (s) => s.matches('welcome') || s.matches('routing') || s.matches('done'),
  );
  const texts = useSelector(actor, welcomeTexts, (a, b) => a.title === b.title);
  const routing = useSelector(actor, (s) => !s.matches('welcome'));
  const error = useSelector(actor, (s) => (s.hasTag('error') ? s.context.routeError : null));
  const m = messages.studentLogin;
  return (
    <Drawer
      opened={opened}
      // Continue is the only way on: no close button, no closing by tapping outside.
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      position="bottom"
      title={texts.title}
      classNames={{ content: drawerClasses.content, title: drawerClasses.title }}
      // As tall as its content: Mantine sizes a bottom drawer by a fixed height.
      styles={{ content: { height: 'auto', flex: '0 0 auto' } }}
    >
      <div className={classes.stack}>
        <p className={classes.text}>{texts.body}</p>
        {error ? (
          <p className={classes.error} role="alert">
            {error}
          </p>
        ) : null}
        <Button
          size="md"
          fullWidth
          loading={routing}
          onClick={() => actor.send({ type: 'login.continue' })}
        >
          {m.continue}
        </Button>
      </div>
    </Drawer>
  );
}

/** Everything after the phone step; the page shows the phone step itself. */
export function StudentLoginSteps({ actor }: { actor: StudentLoginActorRef }) {
  const otp = useSelector(actor, (s) => s.children.otp);
  const loadingUser = useSelector(actor, (s) => s.matches('loadingUser'));
  return (
    <>
      {otp ? <OtpStep otp={otp} onChangePhone={() => actor.send({ type: 'phone.edit' })} /> : null}
      {loadingUser ? <Loader size="sm" aria-label={messages.studentLogin.title} /> : null}
      <WelcomeDrawer actor={actor} />
    </>
  );
}
