// What the API says: its refusals and the texts of what it produces (receipts, CSV exports, the
// invitation SMS), in one place like messages.ts. Apart from it because the app never needs these
// on its first screens (messages.ts is part of every first paint); the app shows the server's
// `message` as sent, and only the dashboards import this module (e.g. refund status labels).
import { REFUND_WINDOW_HOURS } from './constants';
import { apiFormats } from './apiFormats';
import { localize } from './locale';

export const apiMessages = {
  // The server's order refusals (spec §8: the app shows the text after the last ': ').
  orders: {
    refused: (reason: string) => `Order refused: ${reason}`,
    totalChanged: 'The amount to pay has changed. Please review it again.',
    onlyStudents: 'Only students can make payments.',
    payerNotCaller: 'You can only make payments from your own account.',
    profileIncomplete: 'Please complete your profile before paying.',
    payeeNotFound: 'This tutor was not found.',
    notFound: 'This order was not found.',
    linkNotFound: 'This payment link does not exist.',
    linkPaid: 'This payment link has already been paid.',
    linkExpired: 'This payment link has expired.',
    linkCancelled: 'This payment link is no longer active.',
    linkOtherTutor: 'This payment link is for another tutor.',
    linkOtherAmount: 'The amount does not match this payment link.',
    linkOtherStudent: 'This payment link is for another student.',
    idempotencyMismatch:
      'This payment was already started with different details. Please start again.',
    idempotencyInFlight: 'This payment is still being set up. Please wait a moment.',
  },
  links: {
    onlyTutors: 'Only tutors have payment links.',
    kycRequired: 'Complete your KYC to create payment links.',
    expiryPast: 'The expiry must be in the future.',
    expiryTooFar: 'The expiry can be at most 180 days ahead.',
    notFound: 'This payment link does not exist.',
    purposeRequired: 'Enter what the payment is for.',
    // Cancelling a link that is no longer ACTIVE (409).
    cancelPaid: 'This payment link has already been paid and cannot be cancelled.',
    cancelExpired: 'This payment link has already expired.',
    cancelCancelled: 'This payment link is already cancelled.',
  },
  lookups: {
    exactlyOne: 'Search by exactly one of phone or username.',
    tooMany: 'Too many searches. Please try again later.',
    tutorNotFound: 'This tutor was not found.',
    userNotFound: 'This user was not found.',
  },
  identity: {
    panInvalid: 'The PAN is invalid. Please check it and try again.',
    panNameMismatch: 'The name does not match the PAN. Enter your name as on the PAN.',
    tutorPanNameMismatch: "The name does not match the PAN. Enter the tutor's name as on the PAN.",
    // The gateway's verification API failed: no verdict on the PAN, so nothing to correct.
    panUnavailable: 'We could not verify the PAN right now. Please try again in a few minutes.',
    panRequired: 'Enter valid PAN',
    panLocked: 'Your PAN is already verified and cannot be changed.',
    namesLocked: 'Your name is verified with your PAN and cannot be changed.',
    tutorExists: 'This tutor is already registered.',
    tutorVerified: 'This tutor has already verified their details.',
    onlyStudentsAddTutors: 'Only students can add a tutor.',
    ownPhone: 'Enter the tutor’s phone number, not your own.',
    tooManyInvitations: 'Too many tutor invitations. Please try again later.',
    tooManyPanChecks: 'Too many PAN checks today. Please try again later.',
    subjectsOnlyTutors: 'Only tutors can list the subjects they teach.',
    subjectsDuplicate: 'Each subject can be listed only once.',
    subjectBlank: 'A subject cannot be blank.',
    /** The SMS a tutor added by a student receives (it lands in the dev outbox). */
    invitationSms: (payer: string, amount: string | null, product: string, url: string) =>
      amount === null
        ? `${payer} wants to pay you on ${product}. Complete your KYC to receive payments: ${url}`
        : `${payer} wants to pay you ${amount} on ${product}. Complete your KYC to receive it: ${url}`,
    aStudent: 'A student',
  },
  // Bank accounts (D31): the penny drop's refusals, as the contract's addAccount examples say.
  accounts: {
    invalidAccount: 'The account number is invalid. Please check it and try again.',
    blocked: 'This bank account is blocked. Please use another account.',
    invalidIfsc: 'The IFSC code is invalid. Please check it and try again.',
    nre: 'NRE accounts cannot receive payments. Please use another account.',
    nameMismatch: "The account holder's name does not match the name you entered before.",
    /** An INVALID answer with a reason the gateway did not name, or one we do not know. */
    notVerified: 'This bank account could not be verified. Please use another account.',
    onlyTutors: 'Only tutors can add bank accounts.',
    panRequired: 'Verify your PAN in your personal details before adding a bank account.',
    duplicate: 'This bank account is already added.',
    tooManyAttempts: 'Too many bank account verifications today. Please try again later.',
    unavailable:
      'We could not verify the bank account right now. Please try again in a few minutes.',
  },
  schedules: {
    endBeforeStart: 'The session must end after it starts.',
    notParty: 'You can only book sessions you take part in.',
    tutorNotFound: 'This tutor was not found.',
    studentNotFound: 'This student was not found.',
  },
  webhooks: {
    invalidSignature: 'The webhook signature or timestamp is invalid.',
  },
  // The dashboards' payment lists and the tutor's CSV export (D5, D10).
  paymentHistory: {
    onlyTutors: 'Only tutors receive payments.',
    onlyStudents: 'Only students make payments.',
    dateInvalid: 'Enter dates as YYYY-MM-DD.',
    rangeOrder: 'The start date must not be after the end date.',
    rangeTooLong: (days: number) => `Choose a range of at most ${days} days.`,
    methodCard: 'Card',
    methodUpi: 'UPI',
    /** The CSV's header row; amounts in rupees, times in IST (D21). */
    csvHeaders: [
      'Order ID',
      'Paid at (IST)',
      'Student',
      'Student phone',
      'Amount (INR)',
      'Platform fee (INR)',
      'Government & other charges (INR)',
      'Total (INR)',
      'Method',
      'Status',
      'Expected settlement (IST)',
      'Refund status',
      'Refund amount (INR)',
    ],
    csvFileName: apiFormats.csvFileName,
  },
  /** A due's period where it is not a month (duePeriod.ts): an instalment. */
  periods: {
    part: (n: number) => `part ${n}`,
  },
  // A paid order's receipt (JSON and PDF).
  receipts: {
    notPaid: 'A receipt is available once the payment is complete.',
    title: 'Payment receipt',
    receiptNumber: 'Receipt number',
    paidTo: 'Paid to',
    paidBy: 'Paid by',
    payee: apiFormats.payee,
    payer: apiFormats.payer,
    /** D147: the dues a payment settled, named alike on the page and in the PDF. */
    paidFor: 'Paid for',
    showsFees: apiFormats.showsFees,
    paidAt: 'Payment time',
    method: 'Method',
    bankReference: 'Bank reference',
    amount: 'Amount',
    platformFee: 'Platform fee',
    charges: 'Government & other charges',
    total: 'Total paid',
    rupees: apiFormats.rupees,
    rupeeNote: 'All amounts are in Indian rupees (INR).',
    /** '15th January 2025, 11:16 am IST' */
    at: (date: string, time: string) => `${date}, ${time} IST`,
    /** 'Refund (Refunded): ₹2,023.88', with a label of refunds.statusLabels. */
    refund: (label: string, amount: string) => `Refund (${label}): ${amount}`,
    footer: (product: string) => `Issued by ${product} on behalf of the payee.`,
    fileName: apiFormats.receiptFileName,
  },
  // Refund requests (spec §2 terms: within 24 hours of payment, never after settlement).
  refunds: {
    onlyStudents: 'Only students can request refunds.',
    onlyTutors: 'Only the tutor who was paid can approve or decline a refund.',
    orderNotFound: 'This payment was not found.',
    notFound: 'This refund request was not found.',
    notPaid: 'Only a completed payment can be refunded.',
    alreadyRequested: 'A refund has already been requested for this payment.',
    reasonRequired: 'Tell the tutor why you want a refund.',
    windowPassed: `Refunds can be requested only within ${REFUND_WINDOW_HOURS} hours of payment.`,
    settled: 'This payment has already been settled to the tutor, so it can no longer be refunded.',
    alreadyApproved: 'This refund request has already been approved.',
    alreadyDeclined: 'This refund request has already been declined.',
    gatewayRefused: 'The refund could not be made. Please contact support.',
    statusLabels: {
      REQUESTED: 'Requested',
      DECLINED: 'Declined',
      PENDING: 'Processing',
      SUCCESS: 'Refunded',
      FAILED: 'Failed',
    },
  },
  // The server's answers to starting or reading the Aadhaar KYC (gateway onboarding, D4, D15).
  kyc: {
    onlyTutors: 'Only tutors verify Aadhaar to receive payments.',
    ownAccountOnly: 'You can only verify Aadhaar for your own account.',
    panRequired: 'Verify your PAN before verifying Aadhaar.',
    bankAccountRequired: 'Add and verify your bank account before verifying Aadhaar.',
    underReview: 'Your KYC is done. You can accept payments in 2-3 business days.',
    alreadyApproved: 'Your KYC is already complete.',
    gatewayFailed: 'Aadhaar verification could not be started. Please try again.',
    notFound: 'No KYC was found for this user.',
  },
  // Tutors' API keys for integrations (D19).
  apiKeys: {
    onlyTutors: 'Only tutors can have API keys.',
    nameRequired: 'Enter a name for the API key.',
    tooMany: (max: number) => `You can have at most ${max} active API keys. Revoke one first.`,
    notFound: 'This API key does not exist.',
    /** The 401 for a `Token` credential that is unknown or revoked. */
    invalid: 'This API key is invalid or has been revoked.',
  },
  api: {
    notFound: 'There is no such API endpoint.',
    notImplemented: 'Not implemented yet',
    invalidJson: 'The request body is not valid JSON.',
  },
} as const;

void localize(apiMessages, {
  hi: () => import('./apiMessages.hi').then((m) => m.apiMessages),
});
