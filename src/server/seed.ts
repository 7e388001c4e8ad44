// Demo data for a first local run (SEED_DEMO_DATA): an onboarded tutor, a tutor with KYC
// pending, a student, and a payment link of the onboarded tutor's for trying the dynamic-link
// flow by hand. Idempotent: does nothing once any user exists.
import { sql } from 'drizzle-orm';
import type { Clock } from './clock';
import type { Database } from './db/client';
import { NOTICE_VERSION } from '../domain/privacy';
import { bankAccounts, consents, paymentLinks, pgOnboarding, users } from './db/schema';
import { DEMO_PAYMENT_LINK, DEMO_PHONES, DEMO_USERNAMES } from './demo';
import { PAYMENT_LINK_MAX_EXPIRY_MS } from './services/paymentLinks';
import type { PanStore } from './services/pans';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Returns true when it seeded, false when the database already had users. */
export async function seedDemoData(db: Database, clock: Clock, pans: PanStore): Promise<boolean> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    // Two instances starting together must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed-demo-data'))`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(users);
    if (count > 0) return false;

    const [asha, ravi, priya] = await tx
      .insert(users)
      .values([
        {
          phone: DEMO_PHONES.onboardedTutor,
          role: 'teacher',
          firstName: 'Asha',
          lastName: 'Verma',
          ...pans.columns('ABCPV1234D'),
          username: DEMO_USERNAMES.onboardedTutor,
          subjects: ['Mathematics', 'Physics'],
          kycApprovedAt: new Date(now.getTime() - WEEK_MS),
          createdAt: now,
        },
        {
          phone: DEMO_PHONES.pendingTutor,
          role: 'teacher',
          firstName: 'Ravi',
          lastName: 'Kumar',
          ...pans.columns('CDEPK2345F'),
          username: DEMO_USERNAMES.pendingTutor,
          createdAt: now,
        },
        {
          phone: DEMO_PHONES.student,
          role: 'student',
          firstName: 'Priya',
          lastName: 'Sharma',
          ...pans.columns('BCDPS5678E'),
          createdAt: now,
        },
      ])
      .returning({ id: users.id });
    if (!asha || !ravi || !priya) throw new Error('seed: users were not created');
    // D319: the demo people signed up, so they agreed to the current notice then.
    await tx.insert(consents).values(
      [asha, ravi, priya].map(({ id }) => ({
        userId: id,
        kind: 'notice' as const,
        version: NOTICE_VERSION,
        givenAt: now,
      })),
    );

    await tx.insert(bankAccounts).values([
      {
        userId: asha.id,
        accountNumberMasked: 'XXXXXXXX4321',
        ifsc: 'HDFC0001234',
        bankName: 'HDFC Bank',
        nameAtBank: 'ASHA VERMA',
        verified: true,
        createdAt: now,
      },
      {
        userId: ravi.id,
        accountNumberMasked: 'XXXXXXXX8765',
        ifsc: 'SBIN0005678',
        bankName: 'State Bank of India',
        nameAtBank: 'RAVI KUMAR',
        verified: true,
        createdAt: now,
      },
    ]);
    await tx.insert(pgOnboarding).values([
      {
        userId: asha.id,
        pgName: 'cashfree',
        status: 'ACTIVE',
        merchantId: 'demo_asha_verma',
        updatedAt: now,
      },
      {
        userId: ravi.id,
        pgName: 'cashfree',
        status: 'MIN_KYC_PENDING',
        merchantId: 'demo_ravi_kumar',
        updatedAt: now,
      },
    ]);
    await tx.insert(paymentLinks).values({
      id: DEMO_PAYMENT_LINK.id,
      payeeId: asha.id,
      amount: DEMO_PAYMENT_LINK.amountRupees * 100,
      purpose: DEMO_PAYMENT_LINK.purpose,
      status: 'ACTIVE',
      expiresAt: new Date(now.getTime() + PAYMENT_LINK_MAX_EXPIRY_MS),
      createdAt: now,
    });
    return true;
  });
}
