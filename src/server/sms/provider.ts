// The SMS provider the configuration names (D121): MSG91, which is the sandbox's imitation of
// it outside production. Tests reach an in-process sandbox without a socket.
import type { Config } from '../config';
import type { LocalTransport } from '../gateway/cashfree';
import { createMsg91Sender } from './msg91';
import type { SmsSender } from './sender';

/** fetch() over an in-process server, for URLs on its origin. */
function localFetch(local: LocalTransport): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (url.origin !== local.origin) return fetch(input, init);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const answer = local.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    // As fetch does: the caller's AbortSignal (the sender's timeout) ends the wait.
    const aborted = new Promise<never>((_, reject) =>
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
    );
    const done = await Promise.race([answer, aborted]);
    return new Response(done.body, { status: done.statusCode });
  };
}

export function createSmsSender(config: Config, local?: LocalTransport): SmsSender {
  return createMsg91Sender(config.msg91, local ? localFetch(local) : fetch);
}
