// Issue 12: the tutor sign-up's generated paths, walked in Chromium on the real app and server:
// the wizard's (tutorOnboarding) and its step 1 form's (personalDetails, the form both sign-ups
// share). The paths come from the path tests' generator, limited to what the real server
// answers a new tutor: the profile of someone with no PAN yet, a PAN no one else has (so
// onboarding succeeds), and a good bank account (so step 2 verifies), or Back. A bounded
// sample is walked (samplePaths); before each, a fresh tutor logs in and lands on step 1. Each
// step is a gesture; after it the screen must show the state the model reached.
import './support/texts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  personalDetailsMachine,
  type PersonalDetailsInput,
} from '../machines/personalDetails/personalDetails.machine';
import { tutorOnboardingMachine } from '../machines/tutorOnboarding/tutorOnboarding.machine';
import { messages } from '../src/domain/messages';
import { PAN, personalDetailsEvents } from '../tests/machines/personalDetails.events';
import { tutorOnboardingEvents } from '../tests/machines/tutorOnboarding.events';
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

const SAMPLE = 3;

const done = (id: string, ...outputs: unknown[]) =>
  outputs.map((output) => ({ type: `xstate.done.actor.${id}`, output }));
const SAVED = { result: 'saved', firstName: 'Asha', lastName: 'Verma', pan: PAN };

type WizardPath = PlainPath<typeof tutorOnboardingMachine>;
type FormPath = PlainPath<typeof personalDetailsMachine>;

function wizardPaths(): WizardPath[] {
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
      'xstate.done.actor.details': done('details', SAVED),
      'xstate.done.actor.bank': done('bank', { result: 'verified' }, { result: 'back' }),
    } as never,
  });
}

function formPaths(): FormPath[] {
  const newTutor: PersonalDetailsInput = {
    phone: '7000000000',
    firstName: '',
    lastName: '',
    pan: '',
    panRequired: true,
    namesLocked: false,
    keepsDraft: false,
  };
  return plainPaths({
    machine: personalDetailsMachine,
    inputs: [newTutor],
    events: personalDetailsEvents,
    internal: { 'xstate.done.actor.onboard': done('onboard', { pan: PAN }) } as never,
  });
}

/** A fresh tutor on step 1, and the PAN they type in place of the paths' one. */
async function freshTutor(page: Page, request: APIRequestContext) {
  const pan = uniquePan();
  const real = (typed: string) => (typed.toUpperCase() === PAN ? pan : typed);
  await page.goto('/tutor/login');
  await loginAsTutor(page, request, uniquePhone());
  await expectSignupStep(page, 1);
  return { form: personalDetails(page), pan, real };
}

const stepTitle = (event: Sent, value: unknown) => `${event.type} → ${JSON.stringify(value)}`;

async function walkWizard(page: Page, request: APIRequestContext, path: WizardPath) {
  const { form, pan } = await freshTutor(page, request);
  for (const { event: sent, state } of path.steps) {
    const event = sent as Sent & { output?: { result?: string } };
    await test.step(stepTitle(event, state.value), async () => {
      // What the tutor does for a step's outcome.
      if (event.type === 'xstate.done.actor.details') {
        if (await form.firstName.isEditable()) {
          await form.firstName.fill('Asha');
          await form.lastName.fill('Verma');
          await form.pan.fill(pan);
          await form.notice.check();
        }
        await form.next.click();
      } else if (event.type === 'xstate.done.actor.bank') {
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

      // What the tutor sees in the state the model reached.
      if (state.matches('personal')) {
        await expectSignupStep(page, 1);
        await expect(form.firstName).toHaveValue(state.context.firstName);
        if (state.context.namesLocked) {
          await expect(page.getByText(messages.tutorSignup.verified)).toBeVisible();
          await expect(form.pan).toHaveValue(pan);
        }
      } else if (state.matches('account')) {
        await expectSignupStep(page, 2);
      } else if (state.matches('aadhaar')) {
        await expectSignupStep(page, 3);
      }
    });
  }
}

async function walkForm(page: Page, request: APIRequestContext, path: FormPath) {
  const { form, real } = await freshTutor(page, request);
  for (const { event: sent, state } of path.steps) {
    const event = sent as Sent;
    await test.step(stepTitle(event, state.value), async () => {
      // The gesture that sends the event (the server's answer needs none).
      if (event.type === 'details.change') {
        const field = form[event.field as 'firstName' | 'lastName' | 'pan'];
        await field.fill(real(event.value ?? ''));
      } else if (event.type === 'details.blur') await form.pan.blur();
      else if (event.type === 'consent.toggle') {
        await form.notice.setChecked((event as unknown as { value: boolean }).value);
      } else if (event.type === 'details.submit') await form.next.click();

      // What the tutor sees in the state the model reached (saving may only flash).
      if (state.matches('editing')) {
        await expectSignupStep(page, 1);
        const { firstName, lastName, pan: typed } = state.context;
        await expect(form.firstName).toHaveValue(firstName);
        await expect(form.lastName).toHaveValue(lastName);
        await expect(form.pan).toHaveValue(real(typed));
        if (state.context.consented) await expect(form.notice).toBeChecked();
        else await expect(form.notice).not.toBeChecked();
        if (state.can({ type: 'details.submit' })) await expect(form.next).toBeEnabled();
        else await expect(form.next).toBeDisabled();
      } else if (state.matches('saved')) {
        await expectSignupStep(page, 2);
      }
    });
  }
}

const wizard = wizardPaths();
const wizardSample = samplePaths(wizard, SAMPLE);
test.describe(`tutor sign-up paths (${wizardSample.length} of ${wizard.length} generated)`, () => {
  for (const path of wizardSample) {
    test(pathTitle(path), async ({ page, request }) => {
      await walkWizard(page, request, path);
    });
  }
});

const formAll = formPaths();
const formSample = samplePaths(formAll, SAMPLE);
test.describe(`step 1 form paths (${formSample.length} of ${formAll.length} generated)`, () => {
  for (const path of formSample) {
    test(pathTitle(path), async ({ page, request }) => {
      await walkForm(page, request, path);
    });
  }
});
