// Issue 12: the login machine's generated paths, walked in Chromium on the real app and server.
// The paths come from the same generator as the path tests (tests/support/paths.ts), limited to
// what this world can answer: a fresh phone (a new student, or a new tutor) whose codes the
// dev outbox shows, so every request succeeds. Of those, a bounded sample is walked
// (samplePaths: greedily while a path adds a step no earlier one walked, at most SAMPLE per role).
// Each step is a gesture; after it the screen must show the state the model reached.
import './support/texts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginMachine, type LoginRole } from '../machines/login/login.machine';
import { messages } from '../src/domain/messages';
import { loginEvents, VALID } from '../tests/machines/login.events';
import { NEW_TUTOR } from '../tests/machines/tutorProfiles';
import { plainPaths, type PlainPath } from '../tests/support/paths';
import { pathTitle, samplePaths, type Sent } from './support/paths';
import { latestOtp, uniquePhone } from './support/sandbox';
import { waitForLoginMachine } from './support/student';

const SAMPLE = 5;

type LoginPath = PlainPath<typeof loginMachine>;

function generated(role: LoginRole): LoginPath[] {
  const done = (id: string, output: unknown) => [{ type: `xstate.done.actor.${id}`, output }];
  const account =
    role === 'student'
      ? { role, me: { first_name: null, last_name: null, pan: null, phone: VALID } }
      : { role, profile: NEW_TUTOR };
  return plainPaths({
    machine: loginMachine,
    inputs: [{ role }],
    events: loginEvents,
    internal: {
      'xstate.done.actor.requestOtp': done('requestOtp', { resendAfter: 30 }),
      'xstate.done.actor.otp': done('otp', { token: 't', userId: '1' }),
      'xstate.done.actor.loadAccount': done('loadAccount', account),
    } as never,
  });
}

function ui(page: Page, role: LoginRole) {
  return {
    phone: page.getByRole('textbox', { name: messages.studentLogin.phoneLabel }),
    terms: page.getByRole('checkbox'),
    submit: page.getByRole('button', {
      name: role === 'student' ? messages.studentLogin.submit : messages.tutorLogin.verify,
      exact: true,
    }),
    otp: page.getByRole('textbox', { name: messages.otp.label, exact: true }),
    changePhone: page.getByRole('button', { name: messages.otp.changePhone }),
    drawer: page.getByRole('dialog', { name: messages.studentLogin.loginSuccessfulTitle }),
  };
}

async function walk(page: Page, request: APIRequestContext, role: LoginRole, path: LoginPath) {
  const phone = uniquePhone();
  const real = (typed: string) => (typed === VALID ? phone : typed);
  const screen = ui(page, role);
  await page.goto(role === 'student' ? '/student/login' : '/tutor/login');
  if (role === 'student') await waitForLoginMachine(page);

  for (const { event: sent, state } of path.steps) {
    const event = sent as Sent;
    await test.step(`${event.type} → ${JSON.stringify(state.value)}`, async () => {
      // The gesture that sends the event, or what the world does for an actor's answer.
      if (event.type === 'phone.change') await screen.phone.fill(real(event.value ?? ''));
      else if (event.type === 'terms.change') await screen.terms.setChecked(event.agreed === true);
      else if (event.type === 'phone.submit') await screen.submit.click();
      else if (event.type === 'phone.edit') await screen.changePhone.click();
      else if (event.type === 'login.continue') {
        await screen.drawer.getByRole('button', { name: messages.studentLogin.continue }).click();
      } else if (event.type === 'xstate.done.actor.otp') {
        await screen.otp.fill(await latestOtp(request, phone));
      }

      // What the user sees in the state the model reached (loading states may only flash).
      if (state.matches({ phone: 'editing' })) {
        await expect(screen.phone).toHaveValue(real(state.context.phone));
        if (state.can({ type: 'phone.submit' })) await expect(screen.submit).toBeEnabled();
        else await expect(screen.submit).toBeDisabled();
        if (role === 'teacher') {
          if (state.context.terms) await expect(screen.terms).toBeChecked();
          else await expect(screen.terms).not.toBeChecked();
        }
      } else if (state.matches('code')) {
        await expect(screen.otp).toBeVisible();
        await expect(page.getByText(messages.otp.enterCode(phone))).toBeVisible();
      } else if (state.matches('welcome')) {
        await expect(screen.drawer).toBeVisible();
        await expect(
          screen.drawer.getByText(messages.studentLogin.loginSuccessfulBody),
        ).toBeVisible();
      } else if (state.matches('done')) {
        // A new student signs up; a new tutor starts at step 1 (personal details).
        await expect(page).toHaveURL(
          role === 'student' ? /\/student\/signup$/ : /\/tutor\/personal-details$/,
        );
      }
    });
  }
}

for (const role of ['student', 'teacher'] as const) {
  const all = generated(role);
  const paths = samplePaths(all, SAMPLE);
  test.describe(`login paths, ${role} (${paths.length} of ${all.length} generated)`, () => {
    paths.forEach((path) => {
      test(pathTitle(path), async ({ page, request }) => {
        await walk(page, request, role, path);
      });
    });
  });
}
