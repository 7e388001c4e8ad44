// Issue 49: the words of UPI Autopay, apart from the other modules because only its screens (the
// parent's Autopay section and pages, the tutor's Autopay list, all lazy) and the server need
// them: the parent's and the tutor's screens, the API's refusals and the texts a payer reads
// (the pre-debit notice and the failure notice, D252).
import { catalog, text, texts } from './texts';

const words = catalog({
  en: () => import('../locales/en/autopayTexts'),
  hi: () => import('../locales/hi/autopayTexts'),
});

export const autopayTexts = texts(words, 'autopayTexts', {
  /** How a mandate's status reads (mandateStage). */
  stages: {
    pending: text,
    active: text,
    paused: text,
    cancelled: text,
    failed: text,
    expired: text,
    completed: text,
  },
  /** The parent's Autopay section on the dashboard. */
  plans: {
    title: text,
    intro: text,
    loadFailed: text,
    retry: text,
    planLine: (plan: string, tutor: string) => ({ plan, tutor }),
    forStudent: (student: string) => ({ student }),
    turnOn: text,
    turnOnAria: (plan: string, student: string) => ({ plan, student }),
    overCap: (amount: string, cap: string) => ({ amount, cap }),
    status: (stage: string) => ({ stage }),
    nextDebit: (amount: string, date: string) => ({ amount, date }),
    noticeSent: (amount: string, date: string) => ({ amount, date }),
    lastFailed: (date: string, reason: string) => ({ date, reason }),
    open: text,
    openAria: (plan: string, student: string) => ({ plan, student }),
  },
  /** The setup page. */
  setup: {
    title: text,
    intro: text,
    loadFailed: text,
    notFound: text,
    tutor: text,
    student: text,
    plan: text,
    amount: text,
    amountEach: (amount: string) => ({ amount }),
    when: text,
    monthly: (day: string) => ({ day }),
    instalments: (dates: string) => ({ dates }),
    until: text,
    validUntil: (date: string) => ({ date }),
    notice: text,
    cancelAnyTime: text,
    howToApprove: (authorization: string) => ({ authorization }),
    email: text,
    emailHint: text,
    submit: text,
    back: text,
  },
  /** The status page the gateway's page returns to. */
  status: {
    title: text,
    checking: text,
    headings: {
      pending: text,
      active: text,
      paused: text,
      cancelled: text,
      failed: text,
      expired: text,
      completed: text,
    },
    bodies: {
      pending: text,
      active: (tutor: string, plan: string) => ({ tutor, plan }),
      paused: text,
      cancelled: text,
      failed: text,
      expired: text,
      completed: text,
    },
    stillPending: text,
    checkAgain: text,
    tryAgain: text,
    toDashboard: text,
  },
  /** The parent pauses, resumes or cancels (the autopayControl machine). */
  control: {
    pause: text,
    pauseAria: (plan: string) => ({ plan }),
    resume: text,
    resumeAria: (plan: string) => ({ plan }),
    cancel: text,
    cancelAria: (plan: string) => ({ plan }),
    pauseTitle: text,
    pauseQuestion: (plan: string) => ({ plan }),
    pauseYes: text,
    resumeTitle: text,
    resumeQuestion: (plan: string) => ({ plan }),
    resumeYes: text,
    cancelTitle: text,
    cancelQuestion: (plan: string, tutor: string) => ({ plan, tutor }),
    cancelYes: text,
    keep: text,
    close: text,
    done: {
      pause: text,
      resume: text,
      cancel: text,
    },
  },
  /** The tutor's Autopay list (Students and Dues tabs). */
  tutor: {
    title: text,
    intro: text,
    empty: text,
    loadFailed: text,
    retry: text,
    columns: {
      student: text,
      plan: text,
      status: text,
      next: text,
      actions: text,
    },
    none: text,
    nextDebit: (amount: string, date: string) => ({ amount, date }),
    lastFailed: (date: string, reason: string) => ({ date, reason }),
    cancel: text,
    cancelAria: (student: string) => ({ student }),
    cancelTitle: text,
    cancelQuestion: (student: string, plan: string) => ({ student, plan }),
    cancelYes: text,
    keep: text,
    close: text,
    cancelled: text,
  },
  /** What the API says. */
  api: {
    onlyPayers: text,
    onlyTutors: text,
    planNotFound: text,
    oneTime: text,
    overCap: (amount: string, cap: string) => ({ amount, cap }),
    already: text,
    cannotAccept: text,
    notFound: text,
    notActive: text,
    notPaused: text,
    ended: text,
    gateway: text,
  },
  /** The texts a payer reads (sms/templates.ts): the notice and the failure. */
  sms: {
    notice: (tutor: string, amount: string, purpose: string, date: string, reference: string) => ({
      tutor,
      amount,
      purpose,
      date,
      reference,
    }),
    failed: (tutor: string, amount: string, purpose: string, reason: string, url: string) => ({
      tutor,
      amount,
      purpose,
      reason,
      url,
    }),
  },
  /** The payer's email (D250): the gateway's mandates need one. */
  email: {
    invalid: text,
    required: text,
  },
  /** D251: why a debit for a due already paid another way was refunded. */
  refundReason: text,
  /** Why a debit did not go through, as a payer and a tutor read it. */
  reasons: {
    insufficientFunds: text,
    limitExceeded: text,
    mandateRevoked: text,
    declined: text,
  },
});
