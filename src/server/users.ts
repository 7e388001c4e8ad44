// Users as the API shows them: the owner's full User, and the UserSummary others see
// (contract schemas; D17: PAN only to the owner, ids only to a logged-in caller).
import { asc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema';
import { gatewayStatus, type PgOnboardingStatus } from '../domain/onboarding';
import { privacyTexts } from '../domain/privacyTexts';
import type { Database } from './db/client';
import { pgOnboarding, users, type Role, type UserRow } from './db/schema';
import { hasPan, type PanStore } from './services/pans';

export type ApiUser = components['schemas']['User'];
export type UserSummary = components['schemas']['UserSummary'];
type OnboardingStatus = components['schemas']['OnboardingStatus'];
export type OnboardingEntry = components['schemas']['PgOnboardingEntry'];

const ONBOARDING_COLUMNS = {
  userId: pgOnboarding.userId,
  pg_name: pgOnboarding.pgName,
  status: pgOnboarding.status,
};

/**
 * A user's gateway entries as one JSON value, oldest first: a subquery of any select that has
 * `users` in it, so the user and their entries come in one round trip (issue 11). The user's id
 * is written with its table: Drizzle leaves a column bare in a select from one table, and a
 * bare "id" here would be pg_onboarding's.
 */
const outerUserId = sql`${sql.identifier(getTableName(users))}.${sql.identifier(users.id.name)}`;
export const onboardingEntries = sql<OnboardingEntry[]>`(
  select coalesce(json_agg(json_build_object('pg_name', ${pgOnboarding.pgName}, 'status', ${pgOnboarding.status}) order by ${pgOnboarding.id}), '[]'::json)
  from ${pgOnboarding} where ${pgOnboarding.userId} = ${outerUserId})`;

export function createUserRepository(db: Database, pans: PanStore) {
  // Issue 11: one user's entries are read on most requests (user/me, order checks): built once
  // and prepared per connection.
  const onboardingOfOne = db
    .select(ONBOARDING_COLUMNS)
    .from(pgOnboarding)
    .where(eq(pgOnboarding.userId, sql.placeholder('userId')))
    .orderBy(asc(pgOnboarding.id))
    .prepare('onboarding_of_user');
  const userById = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id');
  const userWithOnboarding = db
    .select({ user: users, onboarding: onboardingEntries })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_with_onboarding');

  const onboardingOf = async (userIds: number[], executor: Database = db) => {
    const byUser = new Map<number, OnboardingEntry[]>();
    if (userIds.length === 0) return byUser;
    const rows =
      userIds.length === 1 && executor === db
        ? await onboardingOfOne.execute({ userId: userIds[0] })
        : await executor
            .select(ONBOARDING_COLUMNS)
            .from(pgOnboarding)
            .where(inArray(pgOnboarding.userId, userIds))
            .orderBy(asc(pgOnboarding.id));
    for (const row of rows) {
      const list = byUser.get(row.userId) ?? [];
      list.push({ pg_name: row.pg_name, status: row.status as OnboardingStatus });
      byUser.set(row.userId, list);
    }
    return byUser;
  };

  const summaryOf = (user: UserRow, entries: OnboardingEntry[], withId: boolean): UserSummary => ({
    ...(withId ? { id: user.id } : {}),
    first_name: user.firstName,
    last_name: user.lastName,
    username: user.username,
    phone: user.phone,
    role: user.role,
    has_pan: hasPan(user),
    pg_onboarding_status: entries,
  });

  return {
    async findById(id: number, executor: Database = db): Promise<UserRow | undefined> {
      const [row] =
        executor === db
          ? await userById.execute({ id })
          : await executor.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByPhone(phone: string, executor: Database = db): Promise<UserRow | undefined> {
      const [row] = await executor.select().from(users).where(eq(users.phone, phone)).limit(1);
      return row;
    },

    async findByUsername(username: string, executor: Database = db): Promise<UserRow | undefined> {
      const [row] = await executor
        .select()
        .from(users)
        .where(eq(users.username, username))
        .limit(1);
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

    /** The user of `id` with the gateway status that counts (D42), in one round trip. */
    async findWithGatewayStatus(
      id: number,
    ): Promise<{ user: UserRow; status: PgOnboardingStatus } | undefined> {
      const [row] = await userWithOnboarding.execute({ id });
      return row && { user: row.user, status: gatewayStatus(row.onboarding) };
    },

    /** The gateway status that counts (D42): the cashfree entry, NONE when there is none. */
    async gatewayStatusOf(userId: number, executor: Database = db): Promise<PgOnboardingStatus> {
      return gatewayStatus((await onboardingOf([userId], executor)).get(userId) ?? []);
    },

    /** Issue 51: `gatewayStatusOf` for many users in one look (a batch of reminders' tutors). */
    async gatewayStatusesOf(
      userIds: number[],
      executor: Database = db,
    ): Promise<Map<number, PgOnboardingStatus>> {
      const entries = await onboardingOf(userIds, executor);
      return new Map(userIds.map((id) => [id, gatewayStatus(entries.get(id) ?? [])]));
    },

    /** `entries`: the user's gateway entries when already read (the session has them). */
    async toApiUser(user: UserRow, entries?: OnboardingEntry[]): Promise<ApiUser> {
      entries ??= (await onboardingOf([user.id])).get(user.id) ?? [];
      return {
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        pan: pans.masked(user),
        phone: user.phone,
        role: user.role,
        username: user.username,
        email: user.email,
        pg_onboarding_status: entries,
      };
    },

    /** How a look-up shows `user` to someone else: D17, `id` only for a logged-in caller. */
    async toSummary(user: UserRow, withId: boolean): Promise<UserSummary> {
      return summaryOf(user, (await onboardingOf([user.id])).get(user.id) ?? [], withId);
    },

    async toSummaries(list: UserRow[], withId: boolean): Promise<UserSummary[]> {
      const entries = await onboardingOf(list.map((u) => u.id));
      return list.map((u) => summaryOf(u, entries.get(u.id) ?? [], withId));
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;

/**
 * 'Asha Verma'; the phone when a name is missing (never shown empty); 'Erased at their
 * request' for someone who had their data erased (D322).
 */
export function displayName(
  user: Pick<UserRow, 'firstName' | 'lastName' | 'phone'> & { erasedAt?: Date | null },
): string {
  if (user.erasedAt) return privacyTexts.erased;
  const name = [user.firstName, user.lastName].filter((p) => p && p.trim() !== '').join(' ');
  return name === '' ? user.phone : name;
}

/** A user's phone as others see it: none once their data was erased (D322). */
export const shownPhone = (user: Pick<UserRow, 'phone' | 'erasedAt'>): string | null =>
  user.erasedAt ? null : user.phone;
