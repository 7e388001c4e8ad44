// Journeys of the payment machines whose end state matters (spec §2, §4, §8; D1, D2, D6, D7,
// D9, D11, D19, D20, D22, D30). The generated paths (*.paths.test.ts) prove every state and
// transition is reachable; these pin where the important ones end.
import { describe, expect, it } from 'vitest';
import {
  amountEntryMachine,
  type FeeSettings,
  type TutorLookup,
} from '../../machines/amountEntry/amountEntry.machine';
import {
  MAX_CHECKS,
  orderStatusMachine,
  RECHECK_DELAYS_MS,
  type OrderView,
} from '../../machines/orderStatus/orderStatus.machine';
import {
  payeeLookupMachine,
  type PayeeSearch,
} from '../../machines/payeeLookup/payeeLookup.machine';
import {
  tutorDetailsMachine,
  type RegisterTutorInput,
} from '../../machines/payeeLookup/tutorDetails.machine';
import {
  paymentMachine,
  selectBreakup,
  type CreatedOrder,
  type DraftFacts,
  type OrderDraft,
} from '../../machines/payment/payment.machine';
import { paymentLinkMachine, type LinkLoad } from '../../machines/payment/paymentLink.machine';
import { ANALYTICS_EVENTS } from '../../src/domain/constants';
import { messages } from '../../src/domain/messages';
import { fakeActor, flush } from './fakes';
import { recording, start } from './journeys';
import { orders } from './orderStatus.model';
import { searches, tutorFacts } from './payeeLookup.model';
import type { StoredPending } from '../../machines/payeeLookup/payeeLookup.machine';
import { detailsFacts, loginFacts, paidFacts, readyFacts } from './payment.facts';
import { DRAFT, KEYS, ORDER } from './payment.model';
import { loads } from './paymentLink.model';

describe('amountEntry (static link)', () => {
  function run(tutor: TutorLookup | null, input = { username: 'Asha-Verma', now: Date.now() }) {
    const lookup = fakeActor<TutorLookup | null, { username: string }>();
    const fees = fakeActor<FeeSettings>();
    const { recorder, actions } = recording([
      'navigate',
      'saveAmount',
      'storeForLogin',
      'storeForReview',
      'track',
    ]);
    const { actor } = start(
      amountEntryMachine.provide({
        actors: { lookupTutor: lookup.logic, loadFees: fees.logic },
        actions,
      }),
      input,
    );
    return { actor, recorder, lookup, fees, answer: () => lookup.last().resolve(tutor) };
  }
  const asha = (over: Partial<TutorLookup>): TutorLookup => ({
    id: null,
    name: 'Asha Verma',
    username: 'asha-verma',
    phone: '9123456780',
    onboarding: [{ pg_name: 'cashfree', status: 'ACTIVE' }],
    ...over,
  });

  it('looks the tutor up lower-cased (D30); typing works while it loads', async () => {
    const { actor, lookup, answer, recorder } = run(asha({}));
    expect(lookup.last().input).toEqual({ username: 'asha-verma' });
    actor.send({ type: 'amount.change', value: '₹2,000' });
    expect(actor.getSnapshot().context.amountText).toBe('2000');
    expect(actor.getSnapshot().can({ type: 'amount.submit' })).toBe(false);
    answer();
    await flush();
    expect(actor.getSnapshot().can({ type: 'amount.submit' })).toBe(true);
    expect(recorder.actions.filter((a) => a.type === 'saveAmount')).toEqual([
      { type: 'saveAmount', params: { amount: 200_000 } },
    ]);
  });

  it.each([
    ['not logged in', asha({ id: null }), '/student/login', 'storeForLogin'],
    ['logged in, onboarded', asha({ id: 7 }), '/pay/review', 'storeForReview'],
    ['logged in, not onboarded', asha({ id: 7, onboarding: [] }), '/page-not-found', null],
  ])('%s → %s', async (_, tutor, to, stored) => {
    const { actor, answer, recorder } = run(tutor);
    answer();
    await flush();
    actor.send({ type: 'amount.change', value: '2000' });
    actor.send({ type: 'amount.submit' });
    expect(recorder.navigations).toEqual([{ to }]);
    expect(recorder.actions.filter((a) => a.type === 'track')).toEqual([
      { type: 'track', params: { event: ANALYTICS_EVENTS.enteredAmount } },
    ]);
    expect(recorder.actions.some((a) => a.type === 'storeForLogin')).toBe(
      stored === 'storeForLogin',
    );
    expect(recorder.actions.some((a) => a.type === 'storeForReview')).toBe(
      stored === 'storeForReview',
    );
  });

  it('an unknown tutor replaces the page with /page-not-found', async () => {
    const { answer, recorder, actor } = run(null);
    answer();
    await flush();
    expect(recorder.navigations).toEqual([{ to: '/page-not-found', replace: true }]);
    expect(actor.getSnapshot().matches({ page: 'leaving' })).toBe(true);
  });

  it('refuses zero and more than ₹50,000 (D11)', async () => {
    const { actor, answer, recorder } = run(asha({ id: 7 }));
    answer();
    await flush();
    for (const value of ['0', '50001']) {
      actor.send({ type: 'amount.change', value });
      actor.send({ type: 'amount.submit' });
    }
    expect(recorder.navigations).toEqual([]);
    actor.send({ type: 'amount.change', value: '50000' });
    actor.send({ type: 'amount.submit' });
    expect(recorder.navigations).toEqual([{ to: '/pay/review' }]);
  });
});

describe('payeeLookup (pay by phone)', () => {
  function run(answer: PayeeSearch) {
    const search = fakeActor<PayeeSearch, { phone: string }>();
    const { recorder, actions } = recording([
      'navigate',
      'saveAmount',
      'storePending',
      'storePayee',
      'track',
    ]);
    const { actor } = start(
      payeeLookupMachine.provide({ actors: { searchPayee: search.logic }, actions }),
      { amountText: '1500', phone: '9123456780' },
    );
    actor.send({ type: 'details.submit' });
    actor.send({ type: 'details.submit' }); // a double submit searches once
    search.last().resolve(answer);
    return { actor, recorder, search };
  }

  it.each([
    ['approved', searches.approved, '/pay/review'],
    ['unknown', searches.none, '/pay/tutor-details'],
    ['without PAN', searches.noPan, '/pay/tutor-details'],
    ['not logged in', searches.unauthorized, '/student/login'],
  ] as const)('%s → %s', async (_, answer, to) => {
    const { recorder, search } = run(answer);
    await flush();
    expect(search.calls).toHaveLength(1);
    expect(recorder.navigations).toEqual([{ to }]);
  });

  it.each([
    ['kycLinkSent', searches.kycPending],
    ['kycDone', searches.kycSubmitted],
  ] as const)('%s dialog, closed back to the form', async (state, answer) => {
    const { actor } = run(answer);
    await flush();
    expect(actor.getSnapshot().value).toBe(state);
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it("a student's phone is refused", async () => {
    const { actor } = run(searches.student);
    await flush();
    expect(actor.getSnapshot().context.error).toBe(messages.roles.payeeIsStudent);
  });
});

describe('tutorDetails', () => {
  it('registers the tutor with the kept phone and amount; the KYC-link dialog, then payment details', async () => {
    const pending = fakeActor<StoredPending>();
    const register = fakeActor<ReturnType<typeof tutorFacts>, RegisterTutorInput>();
    const { recorder, actions } = recording(['navigate', 'storePayee']);
    const { actor } = start(
      tutorDetailsMachine.provide({
        actors: { readPending: pending.logic, registerTutor: register.logic },
        actions,
      }),
    );
    pending.last().resolve({ amount: 150_000, tutorPhone: '9123456780' });
    await flush();
    actor.send({ type: 'firstName.change', value: ' Vikram ' });
    actor.send({ type: 'lastName.change', value: 'Rao' });
    actor.send({ type: 'pan.change', value: 'abcp-v1234k' });
    actor.send({ type: 'details.submit' });
    expect(register.last().input).toEqual({
      firstName: 'Vikram',
      lastName: 'Rao',
      pan: 'ABCPV1234K',
      phone: '9123456780',
      amount: 150_000,
    });
    register.last().resolve(tutorFacts(null, { id: 8 }));
    await flush();
    expect(actor.getSnapshot().value).toBe('kycLinkSent');
    actor.send({ type: 'dialog.close' });
    expect(recorder.navigations).toEqual([{ to: '/pay/payment-details' }]);
  });

  it("a failure without the server's words reads 'Something went wrong. Please try again.' (D2)", async () => {
    const pending = fakeActor<StoredPending>();
    const register = fakeActor<ReturnType<typeof tutorFacts>, RegisterTutorInput>();
    const { actions } = recording(['navigate', 'storePayee']);
    const { actor } = start(
      tutorDetailsMachine.provide({
        actors: { readPending: pending.logic, registerTutor: register.logic },
        actions,
      }),
    );
    pending.last().resolve({ amount: 150_000, tutorPhone: '9123456780' });
    await flush();
    actor.send({ type: 'firstName.change', value: 'Vikram' });
    actor.send({ type: 'lastName.change', value: 'Rao' });
    actor.send({ type: 'pan.change', value: 'ABCPV1234K' });
    actor.send({ type: 'details.submit' });
    register.last().reject({ kind: 'http', status: 502, message: null });
    await flush();
    expect(actor.getSnapshot().context.error).toBe(messages.generic.registrationFailed);
  });
});

describe('payment (review → checkout)', () => {
  async function ready() {
    const draft = fakeActor<DraftFacts>();
    const fees = fakeActor<FeeSettings>();
    const create = fakeActor<CreatedOrder, { order: OrderDraft; idempotencyKey: string }>();
    const checkout = fakeActor<void, { paymentSessionId: string }>();
    const { recorder, actions } = recording(['navigate', 'storeOrder', 'track']);
    const { actor } = start(
      paymentMachine.provide({
        actors: {
          readDraft: draft.logic,
          loadFees: fees.logic,
          createOrder: create.logic,
          openCheckout: checkout.logic,
        },
        actions,
      }),
      { idempotencyKeys: KEYS, now: Date.now() },
    );
    draft.last().resolve(readyFacts(DRAFT));
    await flush();
    fees.last().resolve({ baseRate: 1, holidays: [] });
    await flush();
    return { actor, recorder, create, checkout };
  }

  it('₹5,000 by card: ₹50.00 fee, ₹9.71 charges, ₹5,059.71; by UPI: ₹5,000 (D6, D9)', async () => {
    const { actor } = await ready();
    expect(selectBreakup(actor.getSnapshot().context)).toEqual({
      amount: 500_000,
      fee: 5_000,
      charges: 971,
      total: 505_971,
    });
    actor.send({ type: 'method.change', method: 'upi' });
    expect(selectBreakup(actor.getSnapshot().context)).toEqual({
      amount: 500_000,
      fee: 0,
      charges: 0,
      total: 500_000,
    });
  });

  it('one order for a double click; keys per method; Clicked Proceed (D22)', async () => {
    const { actor, create, recorder } = await ready();
    actor.send({ type: 'payment.submit' });
    actor.send({ type: 'payment.submit' });
    expect(create.calls).toHaveLength(1);
    expect(create.last().input.idempotencyKey).toBe(KEYS.cc);
    create.last().reject({ kind: 'network' });
    await flush();
    expect(actor.getSnapshot().context.error).toBe(messages.generic.somethingWrong);
    actor.send({ type: 'method.change', method: 'upi' });
    actor.send({ type: 'payment.submit' });
    expect(create.last().input.idempotencyKey).toBe(KEYS.upi);
    expect(recorder.actions.filter((a) => a.type === 'track')).toHaveLength(2);
  });

  it("a 400 shows the text after the last ': ' (spec §8)", async () => {
    const { actor, create } = await ready();
    actor.send({ type: 'payment.submit' });
    create.last().reject({ kind: 'http', status: 400, message: 'Order refused: a: Too much.' });
    await flush();
    expect(actor.getSnapshot().context.error).toBe('Too much.');
  });

  it('success stores the order, goes to the gateway page and opens the checkout', async () => {
    const { actor, create, checkout, recorder } = await ready();
    actor.send({ type: 'payment.submit' });
    create.last().resolve(ORDER);
    await flush();
    expect(recorder.actions.find((a) => a.type === 'storeOrder')?.params).toEqual({
      orderId: 'ord_1',
    });
    expect(recorder.navigations.at(-1)).toEqual({ to: '/pay/payment-gateway-payment-flow' });
    expect(checkout.last().input).toEqual({ paymentSessionId: 'session_1' });
    checkout.last().resolve();
    await flush();
    expect(actor.getSnapshot().value).toBe('redirecting');
  });

  it.each([
    ['login', loginFacts, '/student/login'],
    ['details', detailsFacts, '/pay/payment-details'],
    ['paid', paidFacts, '/student/dashboard'],
  ])('guard %s → %s', async (_, result, to) => {
    const draft = fakeActor<DraftFacts>();
    const { recorder, actions } = recording(['navigate', 'storeOrder', 'track']);
    start(paymentMachine.provide({ actors: { readDraft: draft.logic }, actions }), {
      idempotencyKeys: KEYS,
      now: Date.now(),
    });
    draft.last().resolve(result);
    await flush();
    expect(recorder.navigations).toEqual([{ to, replace: true }]);
  });
});

describe('orderStatus', () => {
  function run(answers: OrderView[]) {
    const fetch = fakeActor<OrderView, { orderId: string }>();
    const { recorder, actions } = recording(['navigate', 'clearPayment']);
    const { actor, clock } = start(
      orderStatusMachine.provide({ actors: { fetchOrder: fetch.logic }, actions }),
      { orderId: 'ord_1' },
    );
    const answer = async () => {
      fetch.last().resolve(answers.shift() ?? orders.pending);
      await flush();
    };
    return { actor, clock, recorder, fetch, answer };
  }

  it("PAID: 'Sent' and the payment keys are cleared once (D1)", async () => {
    const { actor, answer, recorder } = run([orders.paid]);
    await answer();
    expect(actor.getSnapshot().value).toBe('sent');
    expect(recorder.actions.filter((a) => a.type === 'clearPayment')).toHaveLength(1);
  });

  it('pending is checked again with growing pauses, at most 10 times, then Check again (D7)', async () => {
    const { actor, clock, fetch, answer } = run([]);
    await answer();
    for (const ms of RECHECK_DELAYS_MS) {
      expect(actor.getSnapshot().value).toBe('waiting');
      const before = fetch.calls.length;
      clock.increment(ms - 1);
      expect(fetch.calls.length).toBe(before);
      clock.increment(1);
      expect(fetch.calls.length).toBe(before + 1);
      await answer();
    }
    expect(fetch.calls).toHaveLength(MAX_CHECKS);
    expect(actor.getSnapshot().value).toBe('stillProcessing');
    actor.send({ type: 'status.check' });
    fetch.last().resolve(orders.paid);
    await flush();
    expect(actor.getSnapshot().value).toBe('sent');
  });

  it("a failed payment: 'Failed to pay', nothing cleared", async () => {
    const { actor, answer, recorder } = run([orders.failedPayment]);
    await answer();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(recorder.actions).toEqual([]);
  });
});

describe('paymentLink', () => {
  it.each([
    ['complete', loads.complete, '/pay/review'],
    ['incomplete', loads.incomplete, '/student/signup'],
    ['anonymous', loads.anonymous, '/student/login'],
    ['missing', loads.missing, '/page-not-found'],
  ] as const)('%s → %s (replacing the wrapper)', async (_, load, to) => {
    const fetch = fakeActor<LinkLoad, { linkId: string }>();
    const { recorder, actions } = recording(['navigate', 'storeLink']);
    start(paymentLinkMachine.provide({ actors: { loadLink: fetch.logic }, actions }), {
      linkId: 'lnk_1',
    });
    fetch.last().resolve(load);
    await flush();
    expect(recorder.navigations).toEqual([{ to, replace: true }]);
  });
});
