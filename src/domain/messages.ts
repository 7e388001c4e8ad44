// Every user-visible string of the product, in one place (spec §2, §5, §8; D2, D14, D24).
// Views, machines and the server take their words from here; tests assert these exact texts.

import type { DayPeriod } from './time';
import { catalog, text, texts } from './texts';

const words = catalog({
  en: () => import('../locales/en/messages'),
  hi: () => import('../locales/hi/messages'),
});
export { PAYMENT_PROCESSOR, PRODUCT_NAME } from './constants';

export const messages = texts(words, 'messages', {
  generic: {
    // D2: order creation and OTP request failures.
    somethingWrong: text,
    // D2: registration keeps the spec's other wording.
    registrationFailed: text,
    network: text,
    timeout: text,
    /** The name of a dialog's close (×) button; the public menu's is publicPages.closeMenu. */
    closeDialog: text,
    /** A wide table's scroll region on a phone (src/ui/components/ScrollTable.tsx). */
    scrollRegion: (table: string) => ({ table }),
    /**
     * A month's name, 1 to 12 (src/domain/time.ts), as in '9th October'. Words, not
     * Intl.DateTimeFormat: its first use costs a phone ~130 ms on the static link (D170).
     */
    monthName: (month: number) => ({ month }),
    /**
     * D240: a time of day: '5:00 pm' in English, 'शाम 5:00' in Hindi (its part of the day,
     * CLDR's: रात till 4, सुबह till 12, दोपहर till 16, शाम till 20, then रात).
     */
    clock: (time: string, half: 'am' | 'pm', period: DayPeriod) => ({ time, half, period }),
    /** A time said in IST: '5:00 pm IST', 'शाम 5:00 (भारतीय समय)'. */
    inIst: (time: string) => ({ time }),
  },
  notFound: {
    title: text,
    body: text,
    home: text,
  },
  validation: {
    phone: text,
    pan: text,
    ifsc: text,
    accountMismatch: text,
    accountNumber: text,
    firstNameRequired: text,
    lastNameRequired: text,
    // D12: the length follows the one OTP_LENGTH constant.
    otp: text,
    amountRequired: text,
    amountMin: text,
    amountMax: text,
    terms: text,
    // D11: whole rupees only (the amount field takes digits only).
    amountWholeRupees: text,
    // API edges: a rupee number with paise beyond 2 decimals.
    amountDecimals: text,
    nameInvalid: text,
    nameTooLong: text,
    username: text,
  },
  payment: {
    // D10: the sentence after the last ': ' of the 400 an over-limit order gets.
    acceptanceLimitRemaining: (remaining: string) => ({ remaining }),
    acceptanceLimitReached: text,
    tutorCannotAccept: text,
  },
  // D112: why the platform refunded a payment on its own, as the student and the tutor read it.
  automaticRefund: {
    over_cap: text,
    link_already_paid: text,
    link_closed: text,
    /** D206: the dues changed (paid in part, settled, the plan's part rule) before it came in. */
    dues_changed: text,
    title: text,
  },
  otp: {
    incorrect: text,
    resend: text,
    resendIn: (seconds: number) => ({ seconds }),
    expired: text,
    tooManyAttempts: text,
    tooManyRequests: text,
    // D114: limits per network address and overall.
    tooManyFromAddress: text,
    tooManyGuessesFromAddress: text,
    busy: text,
    notSent: text,
    waitBeforeResend: (seconds: number) => ({ seconds }),
    sent: text,
    /** The SMS itself (the registered DLT template, sms/templates.ts). */
    sms: (product: string, code: string) => ({ product, code }),
    /** generate-otp's 200 message, e.g. 'OTP sent to 98XXXXXX10'. */
    sentTo: (maskedPhone: string) => ({ maskedPhone }),
    /** The daily wrong-try limit (D12): a new code would not help, so no "request a new OTP". */
    tooManyWrongTriesToday: text,
    /** Long waits (the hourly limit's Retry-After) read better in minutes. */
    resendInMinutes: (minutes: number) => ({ minutes }),
    label: text,
    /** The line above the code field; `phone` as the user typed it. */
    enterCode: (phone: string) => ({ phone }),
    verify: text,
    changePhone: text,
  },
  roles: {
    // The server's message for a role conflict (spec §8) ...
    serverMismatch: text,
    // ... and what each login page shows for it (D14).
    alreadyTeacher: text,
    loginAsTeacher: text,
    alreadyStudent: text,
    loginAsStudent: text,
    payeeIsStudent: text,
  },
  auth: {
    sessionExpired: text,
    /** Under the Session Expired dialog's heading (`sessionExpired`). */
    sessionExpiredHint: text,
    login: text,
    notAuthenticated: text,
    invalidToken: text,
  },
  studentLogin: {
    headline: text,
    cardAtOnePercent: text,
    /** The asterisk's footnote (issue 13): what the 1% is and what comes on top of it. */
    cardFootnote: text,
    upiFree: text,
    submit: text,
    welcomeBackTitle: text,
    welcomeBackBody: text,
    loginSuccessfulTitle: text,
    loginSuccessfulBody: text,
    continue: text,
    /** The page's heading (both layouts). */
    title: text,
    phoneLabel: text,
    phonePlaceholder: text,
    // The consent line, with links on the two policy names (messages.footer).
    consentLead: text,
    consentJoin: text,
    /** What ends the sentence after the second link (Hindi puts its verb there). */
    consentEnd: text,
    /** Desktop side panel, static and dynamic link flows. */
    payingTo: text,
    tutorPhone: text,
    amount: text,
    tryAgain: text,
  },
  studentSignup: {
    title: text,
    intro: text,
    firstName: text,
    lastName: text,
    asPerPan: text,
    pan: text,
    panPlaceholder: text,
    /** Spec §5: the server has no PAN for the student, so the field appears. */
    panNeeded: text,
    submit: text,
    tryAgain: text,
  },
  tutorLogin: {
    verify: text,
    /** The page's heading. */
    title: text,
    // The terms checkbox: 'I agree to the Terms of Use and Privacy Policy', the names linked.
    termsLead: text,
    termsJoin: text,
  },
  // The tutor guard (spec §4): deriving the onboarding step failed (offline, 5xx).
  tutorGuard: {
    checking: text,
    loadFailed: text,
    retry: text,
  },
  tutorDashboard: {
    title: text,
    greeting: (name: string) => ({ name }),
    kycTitle: text,
    completeKyc: text,
    logout: text,
    ok: text,
  },
  /** The money screens' trust pieces (issue 13; src/ui/components/trust). */
  trust: {
    payee: text,
    payingTo: text,
    verified: text,
    processedBy: text,
    cards: text,
    upi: text,
    steps: {
      label: text,
      amount: text,
      login: text,
      review: text,
      pay: text,
    },
  },
  staticLink: {
    title: text,
    amountLabel: text,
    amountHelper: (tutor: string) => ({ tutor }),
    proceed: text,
    loadFailed: text,
    retry: text,
    // The mobile fee summary (D5: the settlement date and time are computed, never fixed).
    feeSummaryTitle: text,
    settlementDate: text,
    settlementTime: text,
  },
  review: {
    proceedToPay: text,
    title: text,
    loading: text,
    loadFailed: text,
    retry: text,
    phone: text,
    session: text,
    /** D20/D21: '9th October, 12:00 pm to 1:00 pm' (IST). */
    sessionAt: (date: string, start: string, end: string) => ({ date, start, end }),
    breakupTitle: text,
    amount: text,
    platformFee: text,
    charges: text,
    total: text,
    methodLabel: text,
    /** D6: the card's fee rate as the fee settings give it (1 by default). */
    card: (ratePercent: string) => ({ ratePercent }),
    upi: text,
  },
  checkout: {
    title: text,
    opening: text,
    notRedirected: text,
    openAgain: text,
    failed: text,
  },
  redirect: {
    countdown: (seconds: number) => ({ seconds }),
    title: text,
    /** Issue 13: what is happening while the page counts down. */
    body: text,
  },
  status: {
    sent: text,
    failed: text,
    processing: text,
    title: text,
    checking: text,
    sentBody: (amount: string, payee: string) => ({ amount, payee }),
    processingBody: text,
    stillProcessing: text,
    checkAgain: text,
    failedBody: text,
    /** Issue 13: under 'Failed to pay', why (domain/statuses.ts failureReason). */
    failureReasons: {
      declined: text,
      closed: text,
      expired: text,
      closedByUs: text,
    },
    /** After 'Sent': start another payment to the same tutor. */
    payAgain: text,
    tryAgain: text,
    amount: text,
    paidTo: text,
    account: text,
    paidOn: text,
    /** After 'Sent' (issue 13): the receipt and the student's payments. */
    viewReceipt: text,
    toDashboard: text,
    orderId: text,
    session: text,
  },
  payeeLookup: {
    kycLinkSent: text,
    kycDone: text,
    title: text,
    payTuitionFeesTitle: text,
    amountLabel: text,
    phoneLabel: text,
    proceed: text,
    kycPendingTitle: text,
    kycDoneTitle: text,
    ok: text,
  },
  tutorDetails: {
    title: text,
    intro: text,
    firstName: text,
    lastName: text,
    pan: text,
    submit: text,
  },
  paymentLink: {
    title: text,
    loading: text,
    loadFailed: text,
    retry: text,
    paid: text,
    expired: text,
    cancelled: text,
    askTutor: text,
  },
  tutorSignup: {
    sideText: text,
    step1NameNote: text,
    step1PanNote: text,
    step2Note: text,
    steps: [text, text, text] as const,
    /** The progress bar's label for screen readers. */
    progress: (step: number, of: number) => ({ step, of }),
    /** The heading while the tutor's details load, or when they could not be loaded. */
    title: text,
    loading: text,
    loadFailed: text,
    tryAgain: text,
    firstName: text,
    lastName: text,
    pan: text,
    panPlaceholder: text,
    /** Step 1 of a tutor whose PAN is verified: the fields are read-only (D29). */
    verified: text,
    next: text,
    back: text,
  },
  bank: {
    verifiedTitle: text,
    verifiedBody: text,
    verifyAadhaar: text,
    failedTitle: text,
    failedBody: text,
    tryAgain: text,
    accountNumber: text,
    confirmAccountNumber: text,
    ifsc: text,
    ifscPlaceholder: text,
    verify: text,
  },
  aadhaar: {
    heading: text,
    keepPhoneReady: text,
    limit: text,
    verify: text,
    verifyAgain: text,
    verifying: text,
    failed: text,
    contactUs: text,
    /** After a 409 from starting the KYC (e.g. already submitted): the way on. */
    toDashboard: text,
    redirectVerifying: text,
    congratulations: text,
    startAccepting: (product: string) => ({ product }),
    /** MIN_KYC_SUBMITTED: the KYC-done wording of spec §4, for the tutor. */
    underReview: text,
    redirectFailed: text,
    retry: text,
    continue: text,
    /** tutor/aadhar-verification (spec §2): counts down from 5, then the dashboard. */
    dashboardIn: (seconds: number) => ({ seconds }),
  },
  // The Aadhaar step's help (spec §2 "Aadhaar step": "It shows support phone numbers"); the
  // numbers themselves are configuration (SUPPORT_PHONES, src/browser/runtimeConfig.ts).
  support: {
    title: text,
    contactPage: text,
  },
  completeKyc: {
    title: text,
    proceed: text,
  },
  profile: {
    verifiedTeacher: text,
    subjectsTaught: text,
    lastVerified: (ago: string) => ({ ago }),
    bookSession: text,
    payTuitionFees: text,
  },
  nav: {
    home: text,
    tutors: text,
    whyChooseUs: text,
    testimonials: text,
    contact: text,
  },
  footer: {
    privacyPolicy: text,
    termsOfUse: text,
    refundPolicy: text,
    pricing: text,
    contactPolicy: text,
  },
  placeholder: {
    comingSoon: text,
  },
  // Public profile, policy and marketing pages (spec §2 "Public pages", D8, D23).
  publicPages: {
    /** The profile page's heading until the tutor's name is known. */
    profileTitle: text,
    loading: text,
    retry: text,
    phone: text,
    /** D8: 'Subjects taught' when the tutor lists none. */
    noSubjects: text,
    mainNav: text,
    policiesNav: text,
    openMenu: text,
    closeMenu: text,
    menu: text,
    merchant: text,
    support: text,
    /** One support inbox, sub-addressed per tutor so that every request names its merchant. */
    supportEmail: (username: string) => ({ username }),
    /** The product's own address (marketing pages). */
    productSupportEmail: text,
    footerNote: (product: string) => ({ product }),
    /**
     * Relative times (src/domain/timeAgo.ts), as in 'Profile last verified: a week ago'. Words,
     * not Intl.RelativeTimeFormat: its first use costs a phone ~130 ms on the profile's first
     * paint (D170). Hindi's are the words Intl writes ('1 सप्ताह पहले').
     */
    timeAgo: {
      justNow: text,
      minute: text,
      minutes: (n: number) => ({ n }),
      hour: text,
      hours: (n: number) => ({ n }),
      day: text,
      days: (n: number) => ({ n }),
      week: text,
      weeks: (n: number) => ({ n }),
      month: text,
      months: (n: number) => ({ n }),
      year: text,
      years: (n: number) => ({ n }),
    },
  },
});

export type Messages = typeof messages;
