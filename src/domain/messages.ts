// Every user-visible string of the product, in one place (spec §2, §5, §8; D2, D14, D24).
// Views, machines and the server take their words from here; tests assert these exact texts.

import { NAME_MAX_LENGTH, OTP_LENGTH } from './constants';

export const PRODUCT_NAME = 'TuitionPay';

export const messages = {
  generic: {
    // D2: order creation and OTP request failures.
    somethingWrong: 'Something went wrong. Please try again!',
    // D2: registration keeps the spec's other wording.
    registrationFailed: 'Something went wrong. Please try again.',
    network: 'You seem to be offline. Check your connection and try again.',
    timeout: 'The server took too long to answer. Please try again.',
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
    amountMax: 'The amount can be at most ₹50,000',
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
    acceptanceLimitReached:
      'This tutor has reached the ₹50,000 limit they can accept until their KYC is complete.',
    tutorCannotAccept: 'This tutor cannot accept payments yet.',
  },
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
    csvFileName: (from: string, to: string) =>
      `${PRODUCT_NAME.toLowerCase()}-payments-${from}-to-${to}.csv`,
  },
  // A paid order's receipt (JSON and PDF). The PDF's standard font has no rupee sign.
  receipts: {
    notPaid: 'A receipt is available once the payment is complete.',
    title: 'Payment receipt',
    receiptNumber: 'Receipt number',
    paidTo: 'Paid to',
    paidBy: 'Paid by',
    paidAt: 'Payment time',
    method: 'Method',
    bankReference: 'Bank reference',
    amount: 'Amount',
    platformFee: 'Platform fee',
    charges: 'Government & other charges',
    total: 'Total paid',
    /** 'Rs. 2,023.88' (the PDF cannot print ₹). */
    rupees: (amount: string) => `Rs. ${amount}`,
    rupeeNote: 'All amounts are in Indian rupees (INR).',
    /** '15th January 2025, 11:16 am IST' */
    at: (date: string, time: string) => `${date}, ${time} IST`,
    /** 'Refund (Refunded): Rs. 2,023.88', with a label of refunds.statusLabels. */
    refund: (label: string, amount: string) => `Refund (${label}): ${amount}`,
    footer: (product: string) => `Issued by ${product} on behalf of the payee.`,
    fileName: (orderId: string) => `receipt-${orderId}.pdf`,
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
    windowPassed: 'Refunds can be requested only within 24 hours of payment.',
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
  otp: {
    incorrect: 'Incorrect OTP. Please retry.',
    resend: 'Resend OTP',
    resendIn: (seconds: number) => `Resend OTP in ${seconds}s`,
    expired: 'This OTP has expired. Please request a new one.',
    tooManyAttempts: 'Too many wrong attempts. Please request a new OTP.',
    tooManyRequests: 'Too many OTP requests. Please try again later.',
    waitBeforeResend: (seconds: number) =>
      `Please wait ${seconds} seconds before requesting a new OTP.`,
    sent: 'OTP sent',
    /** The SMS itself; the sandbox outbox and e2e read the code after "OTP is ". */
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
  api: {
    notFound: 'There is no such API endpoint.',
    notImplemented: 'Not implemented yet',
    invalidJson: 'The request body is not valid JSON.',
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
    forbidden: 'You do not have permission to do this.',
    loggedOut: 'Logged out.',
  },
  studentLogin: {
    headline: 'Easy credit card and UPI payments for your education',
    cardAtOnePercent: 'credit card at 1%*',
    upiFree: 'UPI free',
    consent: 'By continuing you agree to our Terms of Use and Privacy Policy.',
    submit: 'Submit',
    welcomeBackTitle: 'Welcome Back',
    welcomeBackBody: 'Start making your tuition payments now',
    loginSuccessfulTitle: 'Login Successful',
    loginSuccessfulBody: 'Complete your onboarding to start making payments',
    continue: 'Continue',
    /** The page's heading (both layouts). */
    title: 'Student login',
    phoneLabel: 'Phone number',
    phonePlaceholder: '10-digit mobile number',
    // The consent line, with links on the two policy names (messages.footer).
    consentLead: 'By continuing you agree to our',
    consentJoin: 'and',
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
    staticLink: 'Your payment link',
    profileLink: 'Your public profile',
    copy: 'Copy',
    copied: 'Copied',
    completeKyc: 'Complete KYC',
    logout: 'Logout',
    ok: 'OK',
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
    payingTo: 'Paying to',
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
    tryAgain: 'Try again',
    amount: 'Amount',
    paidTo: 'Paid to',
    account: 'Account',
    paidOn: 'Paid on',
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
    sideText: 'Finest tutors use the product to manage their payments',
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
    limit: 'Verifying your Aadhaar lets you accept payments of up to ₹50,000.',
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
  // The product's support lines (spec §2 "Aadhaar step": "It shows support phone numbers"), in
  // this one place. Placeholders until the support desk's real numbers are known.
  support: {
    title: 'Need help? Talk to us',
    contactPage: 'More ways to reach us',
    lines: [
      { label: 'Toll-free', number: '1800 309 4455', href: 'tel:+9118003094455' },
      { label: 'WhatsApp', number: '+91 80690 45500', href: 'https://wa.me/918069045500' },
    ] as const,
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
