// Issue 12: the tutor sign-up's generated paths (the tutorOnboarding machine), walked in Chromium
// on the real app and server. The paths come from the path tests' generator, limited to what
// the real server answers a new tutor: the profile of someone with no PAN yet, a PAN no one
// else has (so onboarding succeeds), and a good bank account (so step 2 verifies), or Back.
// A bounded sample is walked (samplePaths); before each, a fresh tutor logs in and lands on
// step 1. Each step is a gesture; after it the screen must show the state the model reached.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { tutorOnboardingMachine } from '../machines/tutorOnboarding/tutorOnboarding.machine';
import { messages } from '../src/domain/messages';
import { PAN, tutorOnboardingEvents } from '../tests/machines/tutorOnboarding.events';
import { plainPaths, type PlainPath } from '../tests/support/paths';
import { pathTitle, samplePaths, type Sent } from './support/paths';
import { uniquePan, uniquePhone } from './support/sandbox';
import {
  bankForm,
  expectSignupStep,
  goodAccountNumber,
  loginAsTutor,
  personalDetails,
} from './support/tutor';

const SAMPLE = 5;

type SignupPath = PlainPath<typeof tutorOnboardingMachine>;

function generated(): SignupPath[] {
  const done = (id: string, ...outputs: unknown[]) =>
    outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }));
  const newTutor = {
    id: '1',
    phone: '7000000000',
    role: 'teacher',
    first_name: null,
    last_name: null,
    pan: null,
    pg_onboarding_status: [],
    hasBankAccount: false,
  };
  return plainPaths({
    machine: tutorOnboardingMachine,
    inputs: [{ storedStep: null, userId: '1' }],
    events: tutorOnboardingEvents,
    internal: {
      'xstate.done.actor.fetchProfile': done('fetchProfile', newTutor),
      'xstate.done.actor.onboard': done('onboard', { pan: PAN }),
      'xstate.done.actor.bank': done('bank', { result: 'verified' }, { result: 'back' }),
    } as never,
  });
}

function fields(page: Page) {
  const form = personalDetails(page);
  return { firstName: form.firstName, lastName: form.lastName, pan: form.pan, next: form.next };
}

async function walk(page: Page, request: APIRequestContext, path: SignupPath) {
  const pan = uniquePan();
  const real = (typed: string) => (typed.toUpperCase() === PAN ? pan : typed);
  await page.goto('/tutor/login');
  await loginAsTutor(page, request, uniquePhone());
  const form = fields(page);

  for (const { event: sent, state } of path.steps) {
    const event = sent as Sent & { output?: { result?: string } };
    await test.step(`${event.type} → ${JSON.stringify(state.value)}`, async () => {
      // The gesture that sends the event, or what the tutor does for a step's outcome.
      if (event.type === 'personal.change') {
        const field = form[event.field as 'firstName' | 'lastName' | 'pan'];
        await field.fill(real(event.value ?? ''));
      } else if (event.type === 'personal.blur') await form.pan.blur();
      else if (event.type === 'personal.next') await form.next.click();
      else if (event.type === 'xstate.done.actor.bank') {
        const bank = bankForm(page);
        if (event.output?.result === 'back') {
          await page.getByRole('button', { name: messages.tutorSignup.back, exact: true }).click();
        } else {
          const account = goodAccountNumber();
          await bank.accountNumber.fill(account);
          await bank.confirm.fill(account);
          await bank.ifsc.fill('HDFC0001234');
          await bank.verify.click();
          await expect(bank.verified).toBeVisible();
          await bank.verifyAadhaar.click();
        }
      }

      // What the tutor sees in the state the model reached (loading states may only flash).
      if (state.matches({ personal: 'editing' })) {
        await expectSignupStep(page, 1);
        const { firstName, lastName, pan: typed } = state.context;
        await expect(form.firstName).toHaveValue(firstName);
        await expect(form.lastName).toHaveValue(lastName);
        await expect(form.pan).toHaveValue(real(typed));
        if (state.can({ type: 'personal.next' })) await expect(form.next).toBeEnabled();
        else await expect(form.next).toBeDisabled();
      } else if (state.matches('account')) {
        await expectSignupStep(page, 2);
      } else if (state.matches('aadhaar')) {
        await expectSignupStep(page, 3);
      }
    });
  }
}

const all = generated();
const paths = samplePaths(all, SAMPLE);
test.describe(`tutor sign-up paths (${paths.length} of ${all.length} generated)`, () => {
  for (const path of paths) {
    test(pathTitle(path), async ({ page, request }) => {
      await walk(page, request, path);
    });
  }
});
