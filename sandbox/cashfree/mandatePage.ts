// The hosted mandate page, one per subscription session (issue 49): what the payer would see
// before their UPI app asks for the PIN, and the app's answer.
//
//   GET  /sandbox/cashfree/subscriptions/checkout/:sessionId   the page
//   POST /sandbox/cashfree/subscriptions/checkout/:sessionId   a plain form post: outcome
//        (approve | decline), debits (success | INSUFFICIENT_FUNDS | DEBIT_LIMIT_EXCEEDED |
//        fail_once): how this mandate's later debits go (test data)
//
// Since February 2026 a UPI mandate is approved by intent or QR in a UPI app, not by UPI
// Collect: the page stands for that step. Approve moves it to BANK_APPROVAL_PENDING, then
// ACTIVE; Decline fails the authorization. Either way the browser goes to return_url.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatAmount } from '../../src/domain/money';
import { formatIstDate } from '../../src/domain/istDate';
import { acceptFormPosts, escapeHtml, page, sendPage as send } from '../html';
import { MERCHANT_NAME, STYLE } from './checkout';
import type { SubscriptionOps } from './subscriptionOps';
import type { DebitOutcome, SandboxSubscription, SubscriptionState } from './subscriptionState';

const DEBITS: Record<string, DebitOutcome> = {
  success: { failWith: null, failAttempts: 0 },
  INSUFFICIENT_FUNDS: { failWith: 'INSUFFICIENT_FUNDS', failAttempts: 0 },
  DEBIT_LIMIT_EXCEEDED: { failWith: 'DEBIT_LIMIT_EXCEEDED', failAttempts: 0 },
  fail_once: { failWith: 'INSUFFICIENT_FUNDS', failAttempts: 1 },
};

const rupees = (paise: number) => `₹${formatAmount(paise)}`;

function mandatePage(action: string, subscription: SandboxSubscription, maxPaise: number): string {
  return page(
    `Approve UPI Autopay · Cashfree sandbox`,
    `<main>
<div class="panel">
<span class="badge">Cashfree sandbox · test mode</span>
<h1>UPI Autopay for ${escapeHtml(MERCHANT_NAME)}</h1>
<p>Up to <strong>${escapeHtml(rupees(maxPaise))}</strong> a debit, until ${escapeHtml(formatIstDate(subscription.expiresAt, { withYear: true }))}.</p>
<p class="muted">Mandate ${escapeHtml(subscription.subscriptionId)} · ${escapeHtml(subscription.customer.phone)}. Your bank takes ${escapeHtml(rupees(subscription.authorizationAmountPaise))} to check, and refunds it.</p>
</div>
<form class="panel" method="post" action="${escapeHtml(action)}">
<h2>In your UPI app</h2>
<label>Later debits (test data)
<select name="debits">
<option value="success">Succeed</option>
<option value="INSUFFICIENT_FUNDS">Fail: insufficient funds</option>
<option value="DEBIT_LIMIT_EXCEEDED">Fail: daily limit exceeded</option>
<option value="fail_once">Fail once, then succeed</option>
</select></label>
<button class="pay" name="outcome" value="approve">Approve with UPI PIN</button>
<button class="fail" name="outcome" value="decline">Decline</button>
</form>
</main>`,
    `${STYLE}\nselect { display: block; width: 100%; font-size: 1rem; padding: .6rem; margin-top: .25rem; }`,
  );
}

function messagePage(title: string, text: string): string {
  return page(
    `${title} · Cashfree sandbox`,
    `<main><div class="panel"><h2>${escapeHtml(title)}</h2><p>${escapeHtml(text)}</p></div></main>`,
    STYLE,
  );
}

export async function mandatePageRoutes(
  app: FastifyInstance,
  deps: { subscriptions: SubscriptionState; ops: SubscriptionOps },
) {
  const { subscriptions, ops } = deps;
  acceptFormPosts(app);

  const approvable = (session: string, reply: FastifyReply, refusedStatus: number) => {
    const found = subscriptions.bySession(session);
    const subscription = found && ops.current(found);
    if (!subscription) {
      void send(reply, 404, messagePage('Mandate not found', 'This mandate link is not valid.'));
      return null;
    }
    if (subscription.status !== 'INITIALIZED' || subscription.authorization.status === 'FAILED') {
      void send(
        reply,
        refusedStatus,
        messagePage(
          'Mandate already answered',
          `This mandate is ${subscription.status} (approval ${subscription.authorization.status}).`,
        ),
      );
      return null;
    }
    return subscription;
  };

  app.get<{ Params: { session: string } }>(
    '/subscriptions/checkout/:session',
    async (request, reply) => {
      const subscription = approvable(request.params.session, reply, 200);
      if (!subscription) return reply;
      const plan = subscriptions.plans.get(subscription.planId);
      return send(
        reply,
        200,
        mandatePage(request.url.split('?')[0]!, subscription, plan?.maxAmountPaise ?? 0),
      );
    },
  );

  app.post<{ Params: { session: string } }>(
    '/subscriptions/checkout/:session',
    async (request, reply) => {
      const subscription = approvable(request.params.session, reply, 409);
      if (!subscription) return reply;
      const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
        string,
        string | undefined
      >;
      if (form.outcome === 'approve') {
        subscription.debits = DEBITS[form.debits ?? 'success'] ?? DEBITS.success!;
        ops.approve(subscription);
      } else if (form.outcome === 'decline') {
        ops.decline(subscription);
      } else {
        return send(reply, 400, messagePage('Choose an outcome', 'Approve or decline.'));
      }
      if (subscription.returnUrl) {
        return reply.header('cache-control', 'no-store').redirect(subscription.returnUrl, 303);
      }
      return send(reply, 200, messagePage('Done', 'You can close this tab.'));
    },
  );
}
