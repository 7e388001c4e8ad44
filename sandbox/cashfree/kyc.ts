// The KYC page behind an onboarding link: the sandbox's stand-in for the gateway's Aadhaar
// step (gateway-contract.md, last section).
//
//   GET  /sandbox/cashfree/kyc/:token   the page: the merchant's name and two buttons
//   POST /sandbox/cashfree/kyc/:token   a plain form post, decision=approve|fail; then a 303
//                                       to the link's return_url
//
// It never asks for an Aadhaar number (D16): the button decides the outcome. An unknown link
// is a 404 page, an expired one (1 hour) a 410 page; a link whose KYC is already submitted or
// approved says so (a POST to it is a 409). No script, so the page works under our CSP.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { acceptFormPosts, escapeHtml, page, sendPage } from '../html';
import type { Clock } from '../../src/server/clock';
import { STYLE } from './checkout';
import type { MerchantStatusOps } from './merchantStatus';
import type { MerchantState, SandboxMerchant, SandboxOnboardingLink } from './merchants';

export const APPROVE_LABEL = 'Approve Aadhaar';
export const FAIL_LABEL = 'Fail Aadhaar';

const KYC_STYLE = `${STYLE}
.steps { padding-left: 1.25rem; margin: .5rem 0 0; }
`;

function header(merchant: SandboxMerchant | null): string {
  return `<div class="panel">
<span class="badge">Cashfree sandbox · test mode</span>
<h1>Aadhaar verification${merchant ? ` for ${escapeHtml(merchant.name)}` : ''}</h1>
</div>`;
}

function kycPage(action: string, merchant: SandboxMerchant, error?: string): string {
  return page(
    'Aadhaar verification · Cashfree sandbox',
    `<main>
${header(merchant)}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form class="panel" method="post" action="${escapeHtml(action)}">
<h2>Choose the outcome</h2>
<p>This page stands in for the gateway's Aadhaar step. The real page asks the tutor for their Aadhaar and a code sent to the Aadhaar-registered phone; the sandbox asks for neither.</p>
<ul class="steps muted">
<li>${escapeHtml(APPROVE_LABEL)}: the KYC is submitted, then approved after the sandbox's review time.</li>
<li>${escapeHtml(FAIL_LABEL)}: the KYC is rejected; the tutor can start again.</li>
</ul>
<button class="pay" name="decision" value="approve">${escapeHtml(APPROVE_LABEL)}</button>
<button class="fail" name="decision" value="fail">${escapeHtml(FAIL_LABEL)}</button>
</form>
<p class="muted">Either way the browser then returns to the app.</p>
</main>`,
    KYC_STYLE,
  );
}

function messagePage(
  title: string,
  text: string,
  merchant: SandboxMerchant | null,
  link?: SandboxOnboardingLink,
): string {
  const back = link ? `<p><a href="${escapeHtml(link.returnUrl)}">Return to the app</a></p>` : '';
  return page(
    `${title} · Cashfree sandbox`,
    `<main>${header(merchant)}<div class="panel"><h2>${escapeHtml(title)}</h2><p>${escapeHtml(text)}</p>${back}</div></main>`,
    KYC_STYLE,
  );
}

/** The KYC is past the Aadhaar step: submitted, approved or the account is active. */
function done(merchant: SandboxMerchant): boolean {
  return (
    merchant.onboardingStatus === 'ACTIVE' ||
    merchant.minKycStatus === 'SUBMITTED' ||
    merchant.minKycStatus === 'APPROVED'
  );
}

export interface KycPageDeps {
  state: MerchantState;
  status: MerchantStatusOps;
  clock: Clock;
}

export async function kycPageRoutes(app: FastifyInstance, deps: KycPageDeps) {
  const { state, status, clock } = deps;
  acceptFormPosts(app);

  /**
   * The link and its merchant while the link can be used; otherwise the page saying why is
   * sent and null returned (`doneStatus`: a view of a finished KYC is fine, a decision is a
   * conflict).
   */
  const usableLink = (token: string, reply: FastifyReply, doneStatus: number) => {
    const link = state.link(token);
    const merchant = link ? state.merchant(link.merchantId) : undefined;
    if (!link || !merchant) {
      void sendPage(
        reply,
        404,
        messagePage('KYC link not found', 'This KYC link is not valid.', null),
      );
      return null;
    }
    if (clock.now().getTime() > link.expiresAt.getTime()) {
      void sendPage(
        reply,
        410,
        messagePage(
          'KYC link expired',
          'This KYC link has expired. Go back to the app and start the Aadhaar verification again for a new link.',
          merchant,
          link,
        ),
      );
      return null;
    }
    if (done(merchant)) {
      void sendPage(
        reply,
        doneStatus,
        messagePage(
          'Aadhaar already verified',
          merchant.minKycStatus === 'SUBMITTED'
            ? 'The KYC is submitted and under review.'
            : 'The KYC is approved.',
          merchant,
          link,
        ),
      );
      return null;
    }
    return { link, merchant };
  };

  app.get<{ Params: { token: string } }>('/kyc/:token', async (request, reply) => {
    const found = usableLink(request.params.token, reply, 200);
    if (!found) return reply;
    return sendPage(reply, 200, kycPage(request.url.split('?')[0]!, found.merchant));
  });

  app.post<{ Params: { token: string } }>('/kyc/:token', async (request, reply) => {
    const found = usableLink(request.params.token, reply, 409);
    if (!found) return reply;
    const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
      string,
      string | undefined
    >;
    if (form.decision === 'approve') status.approve(found.merchant);
    else if (form.decision === 'fail') status.fail(found.merchant);
    else {
      const error = `Choose ${APPROVE_LABEL} or ${FAIL_LABEL}.`;
      return sendPage(reply, 400, kycPage(request.url.split('?')[0]!, found.merchant, error));
    }
    return reply.header('cache-control', 'no-store').redirect(found.link.returnUrl, 303);
  });
}
