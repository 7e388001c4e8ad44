// Users as the API shows them to their owner (contract schema User; D17: PAN only to the owner).
import { asc, eq } from 'drizzle-orm';
import type { components } from '../../openapi/schema';
import type { Database } from './db/client';
import { pgOnboarding, users, type Role, type UserRow } from './db/schema';

export type ApiUser = components['schemas']['User'];
type OnboardingStatus = components['schemas']['OnboardingStatus'];

export function createUserRepository(db: Database) {
  return {
    async findByPhone(phone: string, executor: Database = db): Promise<UserRow | undefined> {
      const [row] = await executor.select().from(users).where(eq(users.phone, phone)).limit(1);
      return row;
    },

    /** The user of `phone`, created with `role` if there is none yet (first login, D14). */
    async findOrCreate(phone: string, role: Role, now: Date, executor: Database = db) {
      await executor
        .insert(users)
        .values({ phone, role, createdAt: now })
        .onConflictDoNothing({ target: users.phone });
      const [row] = await executor.select().from(users).where(eq(users.phone, phone)).limit(1);
      if (!row) throw new Error('findOrCreate: the user vanished');
      return row;
    },

    async toApiUser(user: UserRow): Promise<ApiUser> {
      const entries = await db
        .select({ pg_name: pgOnboarding.pgName, status: pgOnboarding.status })
        .from(pgOnboarding)
        .where(eq(pgOnboarding.userId, user.id))
        .orderBy(asc(pgOnboarding.id));
      return {
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        pan: user.pan,
        phone: user.phone,
        role: user.role,
        username: user.username,
        pg_onboarding_status: entries.map((e) => ({
          pg_name: e.pg_name,
          status: e.status as OnboardingStatus,
        })),
      };
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
