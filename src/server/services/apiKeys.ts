// Tutors' API keys (D19): issued on the dashboard and shown once, kept only as a hash, listed by
// their prefix, revoked at will. `authenticate` is the Token scheme's look-up (auth/security.ts).
// Keys are not sessions: they do not expire and logout leaves them alone.
import { coded } from '../../domain/texts';
import { tidyText } from '../../domain/validation';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { apiMessages } from '../../domain/apiMessages';
import {
  API_KEY_LAST_USED_RESOLUTION_MS,
  API_KEY_PREFIX,
  API_KEY_RANDOM_LENGTH,
  API_KEYS_MAX_ACTIVE,
} from '../auth/constants';
import { hashApiKey, newApiKey } from '../auth/crypto';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { apiKeys, users, type ApiKeyRow, type UserRow } from '../db/schema';
import { offsetOf, pageOf, type PageRequest } from './pages';
import { refuse, success, type Result } from './results';

type ApiKey = components['schemas']['ApiKey'];
type ApiKeyCreated = components['schemas']['ApiKeyCreated'];
type ApiKeyPage = components['schemas']['ApiKeyPage'];

/** Who a valid `Token` credential speaks for. */
export interface ApiKeyCaller {
  user: UserRow;
  apiKeyId: number;
}

const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{${API_KEY_RANDOM_LENGTH}}$`);

const toApi = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

export function createApiKeyService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const own = (caller: UserRow, id: number) =>
    and(eq(apiKeys.id, id), eq(apiKeys.userId, caller.id));

  return {
    /** The caller's keys, revoked ones included, newest first. */
    async list(caller: UserRow, request: PageRequest): Promise<Result<ApiKeyPage, 403>> {
      if (caller.role !== 'teacher') return refuse(403, coded(apiMessages).apiKeys.onlyTutors);
      const [total] = await db
        .select({ n: count() })
        .from(apiKeys)
        .where(eq(apiKeys.userId, caller.id));
      const rows = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.userId, caller.id))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
        .limit(request.pageSize)
        .offset(offsetOf(request));
      return success(pageOf(rows.map(toApi), Number(total?.n ?? 0), request));
    },

    /** A new key for the caller; the answer is the only place the key itself appears. */
    async create(caller: UserRow, name: string): Promise<Result<ApiKeyCreated, 400 | 403 | 409>> {
      if (caller.role !== 'teacher') return refuse(403, coded(apiMessages).apiKeys.onlyTutors);
      const cleanName = tidyText(name);
      if (cleanName === '') return refuse(400, coded(apiMessages).apiKeys.nameRequired);
      return db.transaction(async (tx) => {
        // Two tabs issuing at once must not pass the limit together.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${caller.id}`}))`);
        const [active] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.userId, caller.id), isNull(apiKeys.revokedAt)));
        if (Number(active?.n ?? 0) >= API_KEYS_MAX_ACTIVE) {
          return refuse(409, coded(apiMessages).apiKeys.tooMany(API_KEYS_MAX_ACTIVE));
        }
        const { key, prefix } = newApiKey();
        const [row] = await tx
          .insert(apiKeys)
          .values({
            userId: caller.id,
            name: cleanName,
            prefix,
            keyHash: hashApiKey(key),
            createdAt: clock.now(),
          })
          .returning();
        if (!row) throw new Error('createApiKey: the key was not inserted');
        return success({ ...toApi(row), key });
      });
    },

    /** Revokes one of the caller's keys; a key revoked before keeps its first `revoked_at`. */
    async revoke(caller: UserRow, id: number): Promise<Result<ApiKey, 403 | 404>> {
      if (caller.role !== 'teacher') return refuse(403, coded(apiMessages).apiKeys.onlyTutors);
      const [revoked] = await db
        .update(apiKeys)
        .set({ revokedAt: clock.now() })
        .where(and(own(caller, id), isNull(apiKeys.revokedAt)))
        .returning();
      if (revoked) return success(toApi(revoked));
      const [already] = await db.select().from(apiKeys).where(own(caller, id)).limit(1);
      return already ? success(toApi(already)) : refuse(404, coded(apiMessages).apiKeys.notFound);
    },

    /** The tutor an unrevoked key belongs to, or null; notes the use (at most once a minute). */
    async authenticate(key: string): Promise<ApiKeyCaller | null> {
      if (!KEY_SHAPE.test(key)) return null;
      const [row] = await db
        .select({ id: apiKeys.id, lastUsedAt: apiKeys.lastUsedAt, user: users })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(
          and(
            eq(apiKeys.keyHash, hashApiKey(key)),
            isNull(apiKeys.revokedAt),
            eq(users.role, 'teacher'),
          ),
        )
        .limit(1);
      if (!row) return null;
      const now = clock.now();
      if (
        row.lastUsedAt === null ||
        now.getTime() - row.lastUsedAt.getTime() >= API_KEY_LAST_USED_RESOLUTION_MS
      ) {
        await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
      }
      return { user: row.user, apiKeyId: row.id };
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
