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
