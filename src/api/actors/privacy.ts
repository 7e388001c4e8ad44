// A person's own data (issue 54): consents and a parent's answers, the download of everything
// we hold, withdrawing, erasure, and the audit trail. Each rejects with the client's ApiFailure
// (D37); the machines decide what a failure means.
import { fromPromise } from 'xstate';
import type { Page, PageRequest } from '../../../machines/pagedList/pagedList.machine';
import type { ConsentAsk, ConsentReply } from '../../../machines/privacy/consentGate.machine';
import type {
  ConsentInForce,
  DataFormat,
  KeptRecord,
} from '../../../machines/privacy/myData.machine';
import type { SavedFile } from '../../../machines/studentDashboard/studentPayments';
import { fileNameOf } from '../../browser/download';
import { api } from '../appClient';
import type { Schemas } from '../client';
import { data, failureFromError, unwrap } from '../errors';

export type AuditRow = Schemas['AuditEvent'];
export const AUDIT_PAGE_SIZE = 10;

/** `GET user/consents/`: what waits for the person's answer. */
export const fetchConsentsActor = fromPromise<ConsentAsk, void>(async ({ signal }) => {
  const state = await data(api.GET('/user/consents/', { signal }));
  return {
    needsNotice: state.needs_notice,
    children: state.children.map((child) => ({
      studentId: child.student_id,
      childName: child.child_name,
      tutorName: child.tutor_name,
    })),
  };
});

/** The consent in force, for the person's own data page. */
export const fetchConsentActor = fromPromise<ConsentInForce | null, void>(async ({ signal }) => {
  const { consent } = await data(api.GET('/user/consents/', { signal }));
  return consent && { version: consent.version, givenAt: consent.given_at };
});

export const giveConsentActor = fromPromise<void, ConsentReply>(async ({ input, signal }) => {
  await data(api.POST('/user/consents/', { body: input, signal }));
});

export const withdrawConsentActor = fromPromise<void, void>(async ({ signal }) => {
  await data(api.POST('/user/consents/withdraw/', { signal }));
});

/** `GET user/data/` or `user/data.pdf` as a file to save (the Bearer header is needed). */
export const downloadMyDataActor = fromPromise<SavedFile, { format: DataFormat }>(
  async ({ input, signal }) => {
    let outcome;
    try {
      outcome = await (input.format === 'pdf'
        ? api.GET('/user/data.pdf', { parseAs: 'blob', signal })
        : api.GET('/user/data/', { parseAs: 'blob', signal }));
    } catch (error) {
      throw failureFromError(error);
    }
    const result = unwrap<Blob>(outcome as { data?: Blob; error?: unknown; response: Response });
    if (!result.ok) throw result.failure;
    const fileName =
      fileNameOf(outcome.response.headers.get('Content-Disposition')) ??
      `tuitionpay-my-data.${input.format}`;
    return { blob: result.data, fileName };
  },
);

/** `POST user/erasure/`: what the law kept, and why. */
export const eraseMyDataActor = fromPromise<KeptRecord[], void>(async ({ signal }) => {
  const report = await data(api.POST('/user/erasure/', { signal }));
  return report.kept;
});

/** `GET user/audit/`: the trail of the caller's account, newest first. */
export const auditActor = fromPromise<Page<AuditRow>, PageRequest<null>>(
  async ({ input, signal }) => {
    const page = await data(
      api.GET('/user/audit/', {
        params: { query: { page: input.page, page_size: AUDIT_PAGE_SIZE } },
        signal,
      }),
    );
    const { results, ...rest } = page;
    return { items: results, ...rest };
  },
);
