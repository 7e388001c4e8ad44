// Issue 12: the student's payment (the payment machine of /pay/review) walked in Chromium from
// its generated paths, on the real app, server and gateway sandbox. The paths come from the path
// tests' generator, limited to what the real world answers a signed-up student paying the demo
// tutor: the draft and fees load, the order is created and the checkout opens. A bounded sample
// is walked (samplePaths); before each, a new student comes in by the tutor's static link,
// logs in and signs up, and lands on the review. Each step is a gesture; after it the screen
// must show the state the model reached, up to the gateway's page with the method chosen.
import './support/texts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { paymentMachine } from '../machines/payment/payment.machine';
import { PAYMENT_METHOD } from '../src/domain/constants';
import { messages } from '../src/domain/messages';
import { DEMO_USERNAMES } from '../src/server/demo';
import { paymentEvents } from '../tests/machines/payment.events';
import { plainPaths, type PlainPath } from '../tests/support/paths';
import { expectOnReview, review, sandboxCheckout } from './support/checkout';
import { pathTitle, samplePaths, type Sent } from './support/paths';
import { loginAsNewStudent, signUp } from './support/student';
import { readyFacts } from '../tests/machines/payment.facts';

const SAMPLE = 4;

type PaymentPath = PlainPath<typeof paymentMachine>;

function generated(): PaymentPath[] {
  const done = (id: string, output: unknown) => [{ type: `xstate.done.actor.${id}`, output }];
  const draft = {
    amount: 250_000,
    payeeId: 1,
    payeeName: 'Asha Verma',
    payeePhone: '9876543210',
    payerId: 2,
    linkId: null,
    book: false,
  };
  return plainPaths({
    machine: paymentMachine,
    inputs: [{ idempotencyKeys: { cc: 'key-card', upi: 'key-upi' }, now: Date.now() }],
    events: paymentEvents,
    internal: {
      'xstate.done.actor.readDraft': done('readDraft', readyFacts(draft)),
      'xstate.done.actor.loadFees': done('loadFees', { baseRate: 1, holidays: [] }),
      'xstate.done.actor.createOrder': done('createOrder', { id: 'o', paymentSessionId: 's' }),
      'xstate.done.actor.openCheckout': done('openCheckout', undefined),
    } as never,
    // Back from the gateway's page is another journey (pay-static-link.spec.ts).
    possible: (_, event) => event.type !== 'checkout.retry',
  });
}

/** A new student through the static link, login and sign-up, on /pay/review with ₹2,500. */
async function onReview(page: Page, request: APIRequestContext) {
  await page.goto(`/static-link/${DEMO_USERNAMES.onboardedTutor}`);
  const amount = page.getByRole('textbox', { name: messages.staticLink.amountLabel });
  const proceed = page.getByRole('button', { name: messages.staticLink.proceed });
  await amount.fill('2500');
  await proceed.click();
  await signUp(page, await loginAsNewStudent(page, request));
  await expect(amount).toHaveValue('2500');
  await proceed.click();
  await expectOnReview(page);
}

async function walk(page: Page, request: APIRequestContext, path: PaymentPath) {
  await onReview(page, request);
  const screen = review(page);
  for (const { event, state } of path.steps) {
    await test.step(`${event.type} → ${JSON.stringify(state.value)}`, async () => {
      if (event.type === 'method.change') {
        const { method } = event as Sent;
        await (method === PAYMENT_METHOD.upi ? screen.upi : screen.card).check();
      } else if (event.type === 'payment.submit') await screen.proceed.click();

      // What the student sees in the state the model reached (loading states may only flash).
      if (state.matches('ready')) {
        const chosen = state.context.method === PAYMENT_METHOD.upi ? screen.upi : screen.card;
        await expect(chosen).toBeChecked();
        await expect(screen.proceed).toBeEnabled();
        await expect(screen.breakup).toBeVisible();
      } else if (state.matches('redirecting')) {
        // The gateway's page, for the method the student chose.
        const method = state.context.method === PAYMENT_METHOD.upi ? 'upi' : 'card';
        await expect(sandboxCheckout(page).form(method)).toBeVisible();
      }
    });
  }
}

const all = generated();
const paths = samplePaths(all, SAMPLE);
test.describe(`payment paths (${paths.length} of ${all.length} generated)`, () => {
  for (const path of paths) {
    test(pathTitle(path), async ({ page, request }) => {
      await walk(page, request, path);
    });
  }
});
