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
    changePhone: 'Change phone number',
  },
  tutorLogin: {
    verify: 'Verify',
  },
  staticLink: {
    title: 'Payment Amount',
    amountLabel: 'Amount to pay',
    amountHelper: (tutor: string) => `Enter a valid amount to pay to ${tutor}`,
    proceed: 'Proceed to Pay',
  },
  review: {
    proceedToPay: 'Proceed to pay',
  },
  redirect: {
    countdown: (seconds: number) => `Redirecting in ${seconds} seconds...`,
  },
  status: {
    sent: 'Sent',
    failed: 'Failed to pay',
    processing: 'Processing',
  },
  payeeLookup: {
    kycLinkSent:
      'The KYC link has been sent to the tutor. Payments can be accepted only after the tutor completes KYC.',
    kycDone: 'The tutor has completed KYC. Payments can be accepted in 2-3 business days.',
  },
  tutorSignup: {
    sideText: 'Finest tutors use the product to manage their payments',
    step1NameNote: 'Input First Name and Last Name as on PAN given.',
    step1PanNote: 'Make sure you give a valid PAN.',
    step2Note:
      'The bank account must be in the name you signed up with, or the account holder’s name must match the name entered before.',
    steps: ['Personal Details', 'Account Details', 'Verify Aadhaar'] as const,
  },
  bank: {
    verifiedTitle: 'Account Successfully verified.',
    verifiedBody: 'Please verify your aadhaar to start accepting payments.',
    verifyAadhaar: 'Verify Aadhaar',
    failedTitle: 'Verification Failed',
    failedBody: 'Please Try Again',
    tryAgain: 'Try Again',
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
    redirectVerifying: 'Verifying your aadhaar details...',
    congratulations: 'Congratulations for completing your Aadhaar KYC!',
    startAccepting: (product: string) => `You can start accepting payments on ${product} now`,
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
} as const;
