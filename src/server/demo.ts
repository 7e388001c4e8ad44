// The demo accounts that seed.ts creates, named in one place for the README, main.ts and tests.
export const DEMO_PHONES = {
  /** Asha Verma: KYC done, gateway ACTIVE, takes payments. */
  onboardedTutor: '9876543210',
  /** Ravi Kumar: PAN and bank account, Aadhaar KYC pending. */
  pendingTutor: '9876543211',
  /** Priya Sharma: student with a PAN. */
  student: '9876543212',
} as const;

export const DEMO_USERNAMES = {
  onboardedTutor: 'asha-verma',
  pendingTutor: 'ravi-kumar',
} as const;

/**
 * A payment link of Asha's for trying the dynamic-link flow by hand (/payment-link/{id}):
 * ₹3,000, any student, 180 days from seeding. Tutors create real links with unguessable ids.
 */
export const DEMO_PAYMENT_LINK = {
  id: 'lnk_demo_asha_3000',
  amountRupees: 3000,
  purpose: 'Monthly maths tuition',
} as const;
