// The steps of /student/login after the phone (spec §2, §4 OTP screen, Student login): the code
// step (the otp machine), then the success drawer ('Welcome Back' / 'Login Successful',
// Continue). A chunk of its own, fetched while the student types the phone number.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import { Button, Loader } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { welcomeTexts, type LoginActorRef } from '../../../../machines/login/login.machine';
import { messages } from '../../../domain/messages';
import { authClasses as classes } from '../../components/AuthLayout';
import { OtpStep } from '../../components/OtpStep';
import drawerClasses from './WelcomeDrawer.module.css';
import { Drawer } from '../../components/Dialog';

function WelcomeDrawer({ actor }: { actor: LoginActorRef }) {
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

/** D14: a teacher's phone on the code step links to the tutor login. */
const TUTOR_LOGIN = {
  to: '/tutor/login',
  get label() {
    return messages.roles.loginAsTeacher;
  },
};

/** Everything after the phone step; the page shows the phone step itself. */
export function StudentLoginSteps({ actor }: { actor: LoginActorRef }) {
  const otp = useSelector(actor, (s) => s.children.otp);
  const loadingUser = useSelector(actor, (s) => s.matches('arriving'));
  return (
    <>
      {otp ? (
        <OtpStep
          otp={otp}
          onChangePhone={() => actor.send({ type: 'phone.edit' })}
          otherLogin={TUTOR_LOGIN}
        />
      ) : null}
      {loadingUser ? <Loader size="sm" aria-label={messages.studentLogin.title} /> : null}
      <WelcomeDrawer actor={actor} />
    </>
  );
}
