// The hosted checkout page, one per payment session (gateway-contract.md, "Browser checkout"):
//
//   GET  /sandbox/cashfree/checkout/:paymentSessionId   the page
//   POST /sandbox/cashfree/checkout/:paymentSessionId   a plain form post: method (card|upi),
//        outcome (success|failure|pending|dropped), card_number / card_expiry / card_cvv /
//        card_holder or upi_id
//
// The page shows the amount, the merchant and only the methods the order allows (D6); a
// method the order does not allow is refused on POST too. Each outcome records a payment
// attempt, updates the order, sends the signed webhook (in the background) and redirects the
// browser to return_url with {order_id} filled in. No script: plain HTML forms, so the page
// works under our CSP and on any phone.
//
// Test data: any 16-digit card number (e.g. 4111 1111 1111 1111), any UPI id
// (e.g. success@upi). The button, not the number, decides the outcome.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatAmount } from '../../src/domain/money';
import { acceptFormPosts, escapeHtml, page, sendPage as send } from '../html';
import type { AttemptMethod, OutcomeStatus, PaymentOps } from './payments';
import {
  checkoutMethods,
  type CheckoutMethod,
  type SandboxOrder,
  type SandboxState,
} from './state';

export const MERCHANT_NAME = 'TuitionPay';
export const TEST_CARD_NUMBER = '4111 1111 1111 1111';
export const TEST_UPI_ID = 'success@upi';

const OUTCOMES: Record<string, OutcomeStatus> = {
  success: 'SUCCESS',
  failure: 'FAILED',
  pending: 'PENDING',
  dropped: 'USER_DROPPED',
};

const METHOD_NAMES: Record<CheckoutMethod, string> = { card: 'Card', upi: 'UPI' };
const UPI_ID = /^[A-Za-z0-9._-]{1,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;

/** The sandbox pages' look (the KYC page shares it). */
export const STYLE = `
body { margin: 0; background: #f1f3f5; }
main { max-width: 28rem; margin: 0 auto; padding: 1rem; }
.panel { background: #fff; border-radius: .75rem; padding: 1.25rem; margin-bottom: 1rem;
  box-shadow: 0 1px 3px rgba(0,0,0,.08); }
.badge { display: inline-block; font-size: .75rem; padding: .15rem .5rem; border-radius: 1rem;
  background: #fff3bf; color: #5c3c00; }
h1 { font-size: 1.1rem; margin: .5rem 0 0; }
h2 { font-size: 1rem; margin: 0 0 .75rem; }
.amount { font-size: 2rem; font-weight: 700; margin: .25rem 0; }
label { display: block; font-size: .875rem; margin-bottom: .75rem; }
input { display: block; width: 100%; box-sizing: border-box; font-size: 1rem;
  padding: .6rem .7rem; margin-top: .25rem; border: 1px solid #ced4da; border-radius: .5rem; }
.row { display: flex; gap: .75rem; }
.row label { flex: 1; }
button { display: block; width: 100%; font-size: 1rem; padding: .75rem; margin-top: .5rem;
  border: 0; border-radius: .5rem; cursor: pointer; }
.pay { background: #2f9e44; color: #fff; }
.fail { background: #e03131; color: #fff; }
.later { background: #e9ecef; color: #1a1b1e; }
.cancel { background: transparent; color: #495057; text-decoration: underline; }
.error { background: #fff5f5; color: #c92a2a; border: 1px solid #ffc9c9; border-radius: .5rem;
  padding: .75rem; margin-bottom: 1rem; }
`;

function rupees(paise: number): string {
  return `₹${formatAmount(paise)}`;
}

function header(order: SandboxOrder): string {
  return `<div class="panel">
<span class="badge">Cashfree sandbox · test mode</span>
<h1>Pay ${escapeHtml(MERCHANT_NAME)}</h1>
<p class="amount">${escapeHtml(rupees(order.amountPaise))}</p>
<p class="muted">Order ${escapeHtml(order.orderId)}${order.note ? ` · ${escapeHtml(order.note)}` : ''}</p>
</div>`;
}

interface FormValues {
  card_number?: string;
  card_expiry?: string;
  card_cvv?: string;
  card_holder?: string;
  upi_id?: string;
}

function cardForm(action: string, order: SandboxOrder, values: FormValues): string {
  return `<form class="panel" method="post" action="${escapeHtml(action)}" data-method="card">
<h2>Card</h2>
<input type="hidden" name="method" value="card">
<label>Card number<input name="card_number" inputmode="numeric" autocomplete="cc-number" maxlength="23" value="${escapeHtml(values.card_number ?? TEST_CARD_NUMBER)}"></label>
<div class="row">
<label>Expiry (MM/YY)<input name="card_expiry" inputmode="numeric" autocomplete="cc-exp" maxlength="5" value="${escapeHtml(values.card_expiry ?? '12/30')}"></label>
<label>CVV<input name="card_cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="4" value="${escapeHtml(values.card_cvv ?? '123')}"></label>
</div>
<label>Name on card<input name="card_holder" autocomplete="cc-name" maxlength="100" value="${escapeHtml(values.card_holder ?? order.customer.customer_name ?? '')}"></label>
<button class="pay" name="outcome" value="success">Pay ${escapeHtml(rupees(order.amountPaise))} (success)</button>
<button class="fail" name="outcome" value="failure">Pay, bank declines (failure)</button>
</form>`;
}

function upiForm(action: string, order: SandboxOrder, values: FormValues): string {
  return `<form class="panel" method="post" action="${escapeHtml(action)}" data-method="upi">
<h2>UPI</h2>
<input type="hidden" name="method" value="upi">
<label>UPI id<input name="upi_id" autocomplete="off" autocapitalize="none" maxlength="100" value="${escapeHtml(values.upi_id ?? TEST_UPI_ID)}"></label>
<button class="pay" name="outcome" value="success">Pay ${escapeHtml(rupees(order.amountPaise))} (success)</button>
<button class="fail" name="outcome" value="failure">Pay, bank declines (failure)</button>
<button class="later" name="outcome" value="pending">Approve later (stays pending)</button>
</form>`;
}

function checkoutPage(
  action: string,
  order: SandboxOrder,
  values: FormValues = {},
  error?: string,
): string {
  const methods = checkoutMethods(order);
  const forms = methods
    .map((method) =>
      method === 'card' ? cardForm(action, order, values) : upiForm(action, order, values),
    )
    .join('\n');
  const none = `<div class="panel"><p>This order allows no method the sandbox can imitate (${escapeHtml(order.paymentMethods ?? '')}).</p></div>`;
  const cancel = `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="method" value="${escapeHtml(methods[0] ?? 'card')}">
<button class="cancel" name="outcome" value="dropped">Cancel / close</button>
</form>`;
  return page(
    `Pay ${rupees(order.amountPaise)} · Cashfree sandbox`,
    `<main>
${header(order)}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${methods.length > 0 ? forms : none}
${cancel}
<p class="muted">Test data: any 16-digit card number (e.g. ${escapeHtml(TEST_CARD_NUMBER)}) or any UPI id (e.g. ${escapeHtml(TEST_UPI_ID)}); the button decides the outcome.</p>
</main>`,
    STYLE,
  );
}

function messagePage(title: string, text: string, order?: SandboxOrder): string {
  const back = order?.returnUrl
    ? `<p><a href="${escapeHtml(returnTo(order))}">Return to ${escapeHtml(MERCHANT_NAME)}</a></p>`
    : '';
  return page(
    `${title} · Cashfree sandbox`,
    `<main>${order ? header(order) : ''}<div class="panel"><h2>${escapeHtml(title)}</h2><p>${escapeHtml(text)}</p>${back}</div></main>`,
    STYLE,
  );
}

/** return_url with {order_id} filled in. */
export function returnTo(order: SandboxOrder): string {
  return (order.returnUrl ?? '').replaceAll('{order_id}', encodeURIComponent(order.orderId));
}

type Form = Record<string, string | undefined>;

/** The attempt's method details from the form, or the sentence that says what is wrong. */
function readMethod(form: Form, method: CheckoutMethod, dropped: boolean): AttemptMethod | string {
  if (method === 'upi') {
    const upiId = (form.upi_id ?? '').trim();
    if (!dropped && !UPI_ID.test(upiId)) return 'Enter a UPI id such as success@upi.';
    return { method: 'upi', upiId };
  }
  const digits = (form.card_number ?? '').replace(/[\s-]/g, '');
  if (dropped) return { method: 'card', cardNumber: /^\d{16}$/.test(digits) ? digits : '' };
  if (!/^\d{16}$/.test(digits)) return 'Enter a 16-digit card number.';
  const expiry = (form.card_expiry ?? '').trim();
  if (expiry && !/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry)) return 'Enter the expiry as MM/YY.';
  const cvv = (form.card_cvv ?? '').trim();
  if (cvv && !/^\d{3,4}$/.test(cvv)) return 'Enter a 3 or 4 digit CVV.';
  return { method: 'card', cardNumber: digits };
}

export async function checkoutRoutes(
  app: FastifyInstance,
  deps: { state: SandboxState; payments: PaymentOps },
) {
  const { state, payments } = deps;

  acceptFormPosts(app);

  /**
   * The order behind a checkout session while it can still be paid; otherwise the page saying
   * why is sent (404 for an unknown session; `refusedStatus` for an order no longer ACTIVE: a
   * page view is fine, a payment attempt is a conflict) and null is returned.
   */
  const payableOrder = (session: string, reply: FastifyReply, refusedStatus: number) => {
    const order = state.orderBySession(session);
    if (!order) {
      void send(
        reply,
        404,
        messagePage('Payment session not found', 'This checkout link is not valid.'),
      );
      return null;
    }
    if (order.status !== 'ACTIVE') {
      void send(
        reply,
        refusedStatus,
        messagePage(
          `Order ${order.status.toLowerCase()}`,
          `This order is ${order.status} and cannot be paid.`,
          order,
        ),
      );
      return null;
    }
    return order;
  };

  app.get<{ Params: { session: string } }>('/checkout/:session', async (request, reply) => {
    const order = payableOrder(request.params.session, reply, 200);
    if (!order) return reply;
    return send(reply, 200, checkoutPage(request.url.split('?')[0]!, order));
  });

  app.post<{ Params: { session: string } }>('/checkout/:session', async (request, reply) => {
    const action = request.url.split('?')[0]!;
    const order = payableOrder(request.params.session, reply, 409);
    if (!order) return reply;
    const form: Form =
      request.body && typeof request.body === 'object' ? (request.body as Form) : {};
    const status = OUTCOMES[form.outcome ?? ''];
    if (!status) return send(reply, 400, checkoutPage(action, order, form, 'Choose an outcome.'));
    const allowed = checkoutMethods(order);
    const method = form.method as CheckoutMethod;
    if (!allowed.includes(method)) {
      const name = METHOD_NAMES[method] ?? 'This method';
      return send(
        reply,
        400,
        checkoutPage(action, order, {}, `${name} payments are not available for this order.`),
      );
    }
    const how = readMethod(form, method, status === 'USER_DROPPED');
    if (typeof how === 'string') return send(reply, 400, checkoutPage(action, order, form, how));

    const payment = payments.attempt(order, how, status);
    if (order.returnUrl) {
      return reply.header('cache-control', 'no-store').redirect(returnTo(order), 303);
    }
    return send(
      reply,
      200,
      messagePage(`Payment ${payment.status.toLowerCase()}`, 'You can close this tab.', order),
    );
  });
}
