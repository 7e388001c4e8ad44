// Every user-visible string of the product, in one place (spec §2, §5, §8; D2, D14, D24).
// Views, machines and the server take their words from here; tests assert these exact texts.

import {
  AMOUNT_MAX_TEXT as AMOUNT_MAX,
  KYC_LIMIT_TEXT as KYC_LIMIT,
  NAME_MAX_LENGTH,
  OTP_LENGTH,
  PAYMENT_PROCESSOR,
  PHONE_LENGTH,
  PRODUCT_NAME,
} from './constants';
import { localize } from './locale';

export { PAYMENT_PROCESSOR, PRODUCT_NAME };

export const messages = {
  generic: {
    // D2: order creation and OTP request failures.
    somethingWrong: 'Something went wrong. Please try again!',
    // D2: registration keeps the spec's other wording.
    registrationFailed: 'Something went wrong. Please try again.',
    network: 'You seem to be offline. Check your connection and try again.',
    timeout: 'The server took too long to answer. Please try again.',
    /** The name of a dialog's close (×) button; the public menu's is publicPages.closeMenu. */
    closeDialog: 'Close dialog',
    /** A wide table's scroll region on a phone (src/ui/components/ScrollTable.tsx). */
    scrollRegion: (table: string) => `${table} (scrolls sideways)`,
  },
  notFound: {
    title: 'Page Not Found',
    body: 'Sorry, the page you are looking for does not exist.',
    home: 'Go to home',
  },
  validation: {
    phone: 'Enter valid phone number',
    pan: 'Enter valid PAN',
    ifsc: 'Enter valid IFSC',
    accountMismatch: 'Account numbers do not match',
    accountNumber: 'Enter a valid account number (9 to 18 digits)',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    // D12: the length follows the one OTP_LENGTH constant.
    otp: `Enter the ${OTP_LENGTH}-digit OTP`,
    amountRequired: 'Enter an amount',
    amountMin: 'The amount must be at least ₹1',
    amountMax: `The amount can be at most ${AMOUNT_MAX}`,
    terms: 'Please agree to the terms to continue',
    // D11: whole rupees only (the amount field takes digits only).
    amountWholeRupees: 'Enter the amount in whole rupees',
    // API edges: a rupee number with paise beyond 2 decimals.
    amountDecimals: 'An amount can have at most 2 decimal places',
    nameInvalid: "Use only letters, spaces and . ' -",
    nameTooLong: `Use at most ${NAME_MAX_LENGTH} characters`,
    username: 'Use only lowercase letters, digits and single dashes',
  },
  payment: {
    // D10: the sentence after the last ': ' of the 400 an over-limit order gets.
    acceptanceLimitRemaining: (remaining: string) =>
      `This tutor can accept only ${remaining} more until their KYC is complete.`,
    acceptanceLimitReached: `This tutor has reached the ${KYC_LIMIT} limit they can accept until their KYC is complete.`,
    tutorCannotAccept: 'This tutor cannot accept payments yet.',
  },
  // D112: why the platform refunded a payment on its own, as the student and the tutor read it.
  automaticRefund: {
    over_cap: `Refunded in full: this tutor can accept at most ${KYC_LIMIT} until their KYC is complete, and this payment went over that limit.`,
    link_already_paid:
      'Refunded in full: this payment link had already been paid by someone else. A link takes one payment.',
    link_closed:
      'Refunded in full: this payment link was cancelled or had expired before the payment reached us.',
    title: 'Payment refunded',
  },
  otp: {
    incorrect: 'Incorrect OTP. Please retry.',
    resend: 'Resend OTP',
    resendIn: (seconds: number) => `Resend OTP in ${seconds}s`,
    expired: 'This OTP has expired. Please request a new one.',
    tooManyAttempts: 'Too many wrong attempts. Please request a new OTP.',
    tooManyRequests: 'Too many OTP requests. Please try again later.',
    // D114: limits per network address and overall.
    tooManyFromAddress:
      'Too many OTPs were requested from your network. Please try again a little later.',
    tooManyGuessesFromAddress:
      'Too many wrong OTPs were entered from your network. Please try again a little later.',
    busy: 'We are sending a lot of OTPs right now. Please try again in a minute.',
    notSent: 'We could not send the OTP right now. Please try again in a minute.',
    waitBeforeResend: (seconds: number) =>
      `Please wait ${seconds} seconds before requesting a new OTP.`,
    sent: 'OTP sent',
    /** The SMS itself (the registered DLT template, sms/templates.ts). */
    sms: (product: string, code: string) => `Your ${product} OTP is ${code}`,
    /** generate-otp's 200 message, e.g. 'OTP sent to 98XXXXXX10'. */
    sentTo: (maskedPhone: string) => `OTP sent to ${maskedPhone}`,
    /** The daily wrong-try limit (D12): a new code would not help, so no "request a new OTP". */
    tooManyWrongTriesToday: 'Too many wrong attempts. Please try again later.',
    /** Long waits (the hourly limit's Retry-After) read better in minutes. */
    resendInMinutes: (minutes: number) => `Resend OTP in ${minutes} min`,
    label: 'OTP',
    /** The line above the code field; `phone` as the user typed it. */
    enterCode: (phone: string) => `Enter the ${OTP_LENGTH}-digit OTP sent to ${phone}`,
    verify: 'Verify',
    changePhone: 'Change phone number',
  },
  roles: {
    // The server's message for a role conflict (spec §8) ...
    serverMismatch: 'The user role and input role does not match.',
    // ... and what each login page shows for it (D14).
    alreadyTeacher: 'This user is already registered as a teacher',
    loginAsTeacher: 'Login as a teacher instead?',
    alreadyStudent: 'This user is already registered as a student',
    loginAsStudent: 'Login as a student instead?',
    payeeIsStudent: 'This user is registered as a student.',
  },
  auth: {
    sessionExpired: 'Session Expired! Please login again',
    /** Under the Session Expired dialog's heading (`sessionExpired`). */
    sessionExpiredHint:
      'For your security, sessions end after a while. Your details so far are saved.',
    login: 'Login',
    notAuthenticated: 'Authentication credentials were not provided.',
    invalidToken: 'Your session has ended. Please login again.',
  },
  studentLogin: {
    headline: 'Easy credit card and UPI payments for your education',
    cardAtOnePercent: 'credit card at 1%*',
    /** The asterisk's footnote (issue 13): what the 1% is and what comes on top of it. */
    cardFootnote:
      '*A 1% platform fee on card payments, plus government charges on that fee. You see the full amount before you pay.',
    upiFree: 'UPI free',
    submit: 'Submit',
    welcomeBackTitle: 'Welcome Back',
    welcomeBackBody: 'Start making your tuition payments now',
    loginSuccessfulTitle: 'Login Successful',
    loginSuccessfulBody: 'Complete your onboarding to start making payments',
    continue: 'Continue',
    /** The page's heading (both layouts). */
    title: 'Student login',
    phoneLabel: 'Phone number',
    phonePlaceholder: `${PHONE_LENGTH}-digit mobile number`,
    // The consent line, with links on the two policy names (messages.footer).
    consentLead: 'By continuing you agree to our',
    consentJoin: 'and',
    /** What ends the sentence after the second link (Hindi puts its verb there). */
    consentEnd: '.',
    /** Desktop side panel, static and dynamic link flows. */
    payingTo: 'You are paying',
    tutorPhone: 'Phone',
    amount: 'Amount',
    tryAgain: 'Try again',
  },
  studentSignup: {
    title: 'Personal details',
    intro: 'Enter your name exactly as it is on your PAN card.',
    firstName: 'First name',
    lastName: 'Last name',
    asPerPan: 'As per PAN',
    pan: 'PAN',
    panPlaceholder: 'ABCPE1234F',
    /** Spec §5: the server has no PAN for the student, so the field appears. */
    panNeeded: 'Enter your PAN to continue.',
    submit: 'Continue',
    tryAgain: 'Try again',
  },
  tutorLogin: {
    verify: 'Verify',
    /** The page's heading. */
    title: 'Tutor login',
    // The terms checkbox: 'I agree to the Terms of Use and Privacy Policy', the names linked.
    termsLead: 'I agree to the',
    termsJoin: 'and',
  },
  // The tutor guard (spec §4): deriving the onboarding step failed (offline, 5xx).
  tutorGuard: {
    checking: 'Checking your account…',
    loadFailed: 'We could not load your account.',
    retry: 'Try again',
  },
  tutorDashboard: {
    title: 'Dashboard',
    greeting: (name: string) => `Hello, ${name}`,
    kycTitle: 'KYC',
    completeKyc: 'Complete KYC',
    logout: 'Logout',
    ok: 'OK',
  },
  /** The money screens' trust pieces (issue 13; src/ui/components/trust). */
  trust: {
    payee: 'Payee',
    payingTo: 'You are paying',
    verified: 'KYC verified',
    processedBy: `Payments are processed securely by ${PAYMENT_PROCESSOR}`,
    cards: 'Cards',
    upi: 'UPI',
    steps: {
      label: 'Payment steps',
      amount: 'Amount',
      login: 'Login',
      review: 'Review',
      pay: 'Pay',
    },
  },
  staticLink: {
    title: 'Payment Amount',
    amountLabel: 'Amount to pay',
    amountHelper: (tutor: string) => `Enter a valid amount to pay to ${tutor}`,
    proceed: 'Proceed to Pay',
    loadFailed: 'We could not load this payment page.',
    retry: 'Try again',
    // The mobile fee summary (D5: the settlement date and time are computed, never fixed).
    feeSummaryTitle: 'If you pay by card',
    settlementDate: 'Settlement date',
    settlementTime: 'Settlement time',
  },
  review: {
    proceedToPay: 'Proceed to pay',
    title: 'Review payment',
    loading: 'Loading your payment…',
    loadFailed: 'We could not load your payment details.',
    retry: 'Try again',
    phone: 'Phone',
    session: 'Session',
    /** D20/D21: '9th October, 12:00 pm to 1:00 pm' (IST). */
    sessionAt: (date: string, start: string, end: string) => `${date}, ${start} to ${end}`,
    breakupTitle: 'Amount breakup',
    amount: 'Amount',
    platformFee: 'Platform fee',
    charges: 'Government & other charges',
    total: 'Total',
    methodLabel: 'Pay by',
    /** D6: the card's fee rate as the fee settings give it (1 by default). */
    card: (ratePercent: string) => `Card (${ratePercent}% fee)`,
    upi: 'UPI (free)',
  },
  checkout: {
    title: 'Secure checkout',
    opening: 'Opening the secure checkout…',
    notRedirected: 'Not taken to the checkout?',
    openAgain: 'Open the checkout again',
    failed: 'The secure checkout could not be opened. Check your connection and try again.',
  },
  redirect: {
    countdown: (seconds: number) => `Redirecting in ${seconds} seconds...`,
    title: 'Almost there',
    /** Issue 13: what is happening while the page counts down. */
    body: `We are confirming your payment with ${PAYMENT_PROCESSOR}. Please do not close this page or press Back.`,
  },
  status: {
    sent: 'Sent',
    failed: 'Failed to pay',
    processing: 'Processing',
    title: 'Payment status',
    checking: 'Checking your payment…',
    sentBody: (amount: string, payee: string) => `${amount} sent to ${payee}.`,
    processingBody: 'Your payment is being confirmed. This page checks again by itself.',
    stillProcessing:
      'Your payment is taking longer than usual to confirm. Please check again in a minute.',
    checkAgain: 'Check again',
    failedBody: 'The payment did not go through.',
    /** Issue 13: under 'Failed to pay', why (domain/statuses.ts failureReason). */
    failureReasons: {
      declined:
        'Your bank or UPI app declined it. If money left your account, your bank returns it within 5-7 working days.',
      closed: 'The payment page was closed before paying. No money was taken.',
      expired: 'The payment page expired before paying. No money was taken.',
      closedByUs: 'This checkout was closed before paying. No money was taken.',
    },
    /** After 'Sent': start another payment to the same tutor. */
    payAgain: 'Pay again',
    tryAgain: 'Try again',
    amount: 'Amount',
    paidTo: 'Paid to',
    account: 'Account',
    paidOn: 'Paid on',
    /** After 'Sent' (issue 13): the receipt and the student's payments. */
    viewReceipt: 'View receipt',
    toDashboard: 'Go to dashboard',
    orderId: 'Order id',
    session: 'Session',
  },
  payeeLookup: {
    kycLinkSent:
      'The KYC link has been sent to the tutor. Payments can be accepted only after the tutor completes KYC.',
    kycDone: 'The tutor has completed KYC. Payments can be accepted in 2-3 business days.',
    title: 'Payment details',
    payTuitionFeesTitle: 'Pay tuition fees',
    amountLabel: 'Amount to pay',
    phoneLabel: 'Tutor’s phone number',
    proceed: 'Proceed',
    kycPendingTitle: 'KYC pending',
    kycDoneTitle: 'KYC done',
    ok: 'OK',
  },
  tutorDetails: {
    title: 'Tutor details',
    intro:
      'This tutor is new here. Enter their name as on their PAN, and their PAN, and we will invite them to accept your payment.',
    firstName: 'First name (as on PAN)',
    lastName: 'Last name (as on PAN)',
    pan: 'PAN',
    submit: 'Submit',
  },
  paymentLink: {
    title: 'Payment link',
    loading: 'Loading the payment link…',
    loadFailed: 'We could not load this payment link.',
    retry: 'Try again',
    paid: 'This payment link has already been paid.',
    expired: 'This payment link has expired.',
    cancelled: 'This payment link was cancelled.',
    askTutor: 'Ask your tutor for a new link.',
  },
  tutorSignup: {
    sideText: `Finest tutors use ${PRODUCT_NAME} to manage their payments`,
    step1NameNote: 'Input First Name and Last Name as on PAN given.',
    step1PanNote: 'Make sure you give a valid PAN.',
    step2Note:
      'The bank account must be in the name you signed up with, or the account holder’s name must match the name entered before.',
    steps: ['Personal Details', 'Account Details', 'Verify Aadhaar'] as const,
    /** The progress bar's label for screen readers. */
    progress: (step: number, of: number) => `Step ${step} of ${of}`,
    /** The heading while the tutor's details load, or when they could not be loaded. */
    title: 'Sign up',
    loading: 'Loading your details…',
    loadFailed: 'We could not load your details.',
    tryAgain: 'Try again',
    firstName: 'First Name',
    lastName: 'Last Name',
    pan: 'PAN',
    panPlaceholder: 'ABCPE1234F',
    /** Step 1 of a tutor whose PAN is verified: the fields are read-only (D29). */
    verified: 'Your name and PAN are verified.',
    next: 'Next',
    back: 'Back',
  },
  bank: {
    verifiedTitle: 'Account Successfully verified.',
    verifiedBody: 'Please verify your aadhaar to start accepting payments.',
    verifyAadhaar: 'Verify Aadhaar',
    failedTitle: 'Verification Failed',
    failedBody: 'Please Try Again',
    tryAgain: 'Try Again',
    accountNumber: 'Account Number',
    confirmAccountNumber: 'Re-enter Account Number',
    ifsc: 'IFSC',
    ifscPlaceholder: 'HDFC0001234',
    verify: 'Verify',
  },
  aadhaar: {
    heading: 'Aadhaar Verification',
    keepPhoneReady: 'Keep the phone number registered with your Aadhaar ready.',
    limit: `Verifying your Aadhaar lets you accept payments of up to ${KYC_LIMIT}.`,
    verify: 'Verify',
    verifyAgain: 'Verify Again',
    verifying: 'Verifying',
    failed: 'Verification Failed!',
    contactUs: 'Contact Us Now for resolution',
    /** After a 409 from starting the KYC (e.g. already submitted): the way on. */
    toDashboard: 'Go to dashboard',
    redirectVerifying: 'Verifying your aadhaar details...',
    congratulations: 'Congratulations for completing your Aadhaar KYC!',
    startAccepting: (product: string) => `You can start accepting payments on ${product} now`,
    /** MIN_KYC_SUBMITTED: the KYC-done wording of spec §4, for the tutor. */
    underReview: 'Your KYC is under review. You can start accepting payments in 2-3 business days.',
    redirectFailed: 'We could not check your Aadhaar KYC status.',
    retry: 'Try again',
    continue: 'Continue',
    /** tutor/aadhar-verification (spec §2): counts down from 5, then the dashboard. */
    dashboardIn: (seconds: number) => `Taking you to your dashboard in ${seconds} seconds...`,
  },
  // The Aadhaar step's help (spec §2 "Aadhaar step": "It shows support phone numbers"); the
  // numbers themselves are configuration (SUPPORT_PHONES, src/browser/runtimeConfig.ts).
  support: {
    title: 'Need help? Talk to us',
    contactPage: 'More ways to reach us',
  },
  completeKyc: {
    title: 'Complete your KYC to start receiving money',
    proceed: 'Proceed',
  },
  profile: {
    verifiedTeacher: 'is a verified teacher',
    subjectsTaught: 'Subjects taught',
    lastVerified: (ago: string) => `Profile last verified: ${ago}`,
    bookSession: 'Book a session',
    payTuitionFees: 'Pay tuition fees',
  },
  nav: {
    home: 'Home',
    tutors: 'Our Tutors',
    whyChooseUs: 'Why Choose Us',
    testimonials: 'Testimonials',
    contact: 'Contact',
  },
  footer: {
    privacyPolicy: 'Privacy Policy',
    termsOfUse: 'Terms of Use',
    refundPolicy: 'Refund Policy',
    pricing: 'Pricing',
    contactPolicy: 'Contact Policy',
  },
  placeholder: {
    comingSoon: 'This screen is being built.',
  },
  // Public profile, policy and marketing pages (spec §2 "Public pages", D8, D23).
  publicPages: {
    /** The profile page's heading until the tutor's name is known. */
    profileTitle: 'Tutor profile',
    loading: 'Loading…',
    retry: 'Try again',
    phone: 'Phone',
    /** D8: 'Subjects taught' when the tutor lists none. */
    noSubjects: '-',
    mainNav: 'Main',
    policiesNav: 'Policies',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    menu: 'Menu',
    merchant: 'Merchant',
    support: 'Support',
    /** One support inbox, sub-addressed per tutor so that every request names its merchant. */
    supportEmail: (username: string) => `support+${username}@tuitionpay.in`,
    /** The product's own address (marketing pages). */
    productSupportEmail: 'support@tuitionpay.in',
    footerNote: (product: string) => `${product}: tuition fee payments by card and UPI.`,
    /** Relative times (src/domain/timeAgo.ts), as in 'Profile last verified: a week ago'. */
    timeAgo: {
      justNow: 'just now',
      minute: 'a minute ago',
      minutes: (n: number) => `${n} minutes ago`,
      hour: 'an hour ago',
      hours: (n: number) => `${n} hours ago`,
      day: 'a day ago',
      days: (n: number) => `${n} days ago`,
      week: 'a week ago',
      weeks: (n: number) => `${n} weeks ago`,
      month: 'a month ago',
      months: (n: number) => `${n} months ago`,
      year: 'a year ago',
      years: (n: number) => `${n} years ago`,
    },
  },
} as const;

export type Messages = typeof messages;

void localize(messages, { hi: () => import('./messages.hi').then((m) => m.messages) });
