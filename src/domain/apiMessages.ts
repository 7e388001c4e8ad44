// What the API says: its refusals and the texts of what it produces (receipts, CSV exports, the
// invitation SMS), in one place like messages.ts. Apart from it because the app never needs these
// on its first screens (messages.ts is part of every first paint); the app shows the server's
// `message` as sent, and only the dashboards import this module (e.g. refund status labels).
import { apiFormats } from './apiFormats';
import { catalog, keep, text, texts } from './texts';

const words = catalog({
  en: () => import('../locales/en/apiMessages'),
  hi: () => import('../locales/hi/apiMessages'),
});

export const apiMessages = texts(words, 'apiMessages', {
  // The server's order refusals (spec §8: the app shows the text after the last ': ').
  /** D242: the devices a user is logged in on. */
  sessions: {
    notFound: text,
  },
  orders: {
    refused: (reason: string) => ({ reason }),
    totalChanged: text,
    onlyStudents: text,
    payerNotCaller: text,
    profileIncomplete: text,
    payeeNotFound: text,
    notFound: text,
    linkNotFound: text,
    linkPaid: text,
    linkExpired: text,
    linkCancelled: text,
    linkOtherTutor: text,
    linkOtherAmount: text,
    linkOtherStudent: text,
    idempotencyMismatch: text,
    /** A malformed Idempotency-Key header. */
    idempotencyKey: text,
    idempotencyInFlight: text,
  },
  links: {
    onlyTutors: text,
    kycRequired: text,
    expiryPast: text,
    expiryTooFar: text,
    notFound: text,
    purposeRequired: text,
    // Cancelling a link that is no longer ACTIVE (409).
    cancelPaid: text,
    cancelExpired: text,
    cancelCancelled: text,
  },
  lookups: {
    exactlyOne: text,
    tooMany: text,
    tutorNotFound: text,
    userNotFound: text,
  },
  identity: {
    panInvalid: text,
    panNameMismatch: text,
    tutorPanNameMismatch: text,
    // The gateway's verification API failed: no verdict on the PAN, so nothing to correct.
    panUnavailable: text,
    panRequired: text,
    panLocked: text,
    namesLocked: text,
    tutorExists: text,
    tutorVerified: text,
    onlyStudentsAddTutors: text,
    ownPhone: text,
    tooManyInvitations: text,
    tooManyPanChecks: text,
    subjectsOnlyTutors: text,
    subjectsDuplicate: text,
    subjectBlank: text,
    /** The SMS a tutor added by a student receives (it lands in the dev outbox). */
    invitationSms: (payer: string, amount: string | null, product: string, url: string) => ({
      payer,
      amount: amount ?? '',
      product,
      url,
      withAmount: amount === null ? 'no' : 'yes',
    }),
    aStudent: text,
  },
  // Bank accounts (D31): the penny drop's refusals, as the contract's addAccount examples say.
  accounts: {
    invalidAccount: text,
    blocked: text,
    invalidIfsc: text,
    nre: text,
    nameMismatch: text,
    /** An INVALID answer with a reason the gateway did not name, or one we do not know. */
    notVerified: text,
    onlyTutors: text,
    panRequired: text,
    duplicate: text,
    tooManyAttempts: text,
    unavailable: text,
  },
  schedules: {
    endBeforeStart: text,
    notParty: text,
    tutorNotFound: text,
    studentNotFound: text,
  },
  webhooks: {
    invalidSignature: text,
  },
  // The dashboards' payment lists and the tutor's CSV export (D5, D10).
  paymentHistory: {
    onlyTutors: text,
    onlyStudents: text,
    dateInvalid: text,
    rangeOrder: text,
    rangeTooLong: (days: number) => ({ days }),
    methodCard: text,
    methodUpi: text,
    /** The CSV's header row; amounts in rupees, times in IST (D21). */
    csvHeaders: [text, text, text, text, text, text, text, text, text, text, text, text, text],
    csvFileName: keep(apiFormats.csvFileName),
  },
  /** A due's period where it is not a month (duePeriod.ts): an instalment. */
  periods: {
    part: (n: number) => ({ n }),
  },
  // A paid order's receipt (JSON and PDF).
  receipts: {
    notPaid: text,
    title: text,
    receiptNumber: text,
    paidTo: text,
    paidBy: text,
    payee: keep(apiFormats.payee),
    payer: keep(apiFormats.payer),
    /** D147: the dues a payment settled, named alike on the page and in the PDF. */
    paidFor: text,
    showsFees: keep(apiFormats.showsFees),
    paidAt: text,
    method: text,
    bankReference: text,
    amount: text,
    platformFee: text,
    charges: text,
    total: text,
    rupees: keep(apiFormats.rupees),
    rupeeNote: text,
    /** '15th January 2025, 11:16 am IST' */
    at: (date: string, time: string) => ({ date, time }),
    /** 'Refund (Refunded): ₹2,023.88', with a label of refunds.statusLabels. */
    refund: (label: string, amount: string) => ({ label, amount }),
    footer: (product: string) => ({ product }),
    fileName: keep(apiFormats.receiptFileName),
  },
  // Refund requests (spec §2 terms: within 24 hours of payment, never after settlement).
  refunds: {
    onlyStudents: text,
    onlyTutors: text,
    orderNotFound: text,
    notFound: text,
    notPaid: text,
    alreadyRequested: text,
    reasonRequired: text,
    windowPassed: text,
    settled: text,
    alreadyApproved: text,
    alreadyDeclined: text,
    gatewayRefused: text,
    statusLabels: {
      REQUESTED: text,
      DECLINED: text,
      PENDING: text,
      SUCCESS: text,
      FAILED: text,
    },
  },
  // The server's answers to starting or reading the Aadhaar KYC (gateway onboarding, D4, D15).
  kyc: {
    onlyTutors: text,
    ownAccountOnly: text,
    panRequired: text,
    bankAccountRequired: text,
    underReview: text,
    alreadyApproved: text,
    gatewayFailed: text,
    notFound: text,
  },
  // Tutors' API keys for integrations (D19).
  apiKeys: {
    onlyTutors: text,
    nameRequired: text,
    tooMany: (max: number) => ({ max }),
    notFound: text,
    /** The 401 for a `Token` credential that is unknown or revoked. */
    invalid: text,
  },
  api: {
    notFound: text,
    notImplemented: text,
    invalidJson: text,
    /** D211: a NUL character (U+0000) in a field. */
    nulCharacter: (field: string) => ({ field }),
  },
});
