// fetch() into the in-process sandbox (a provider's imitation), counting the calls: the SMS and
// WhatsApp adapters' tests hand it in as their transport.
import type { FastifyInstance } from 'fastify';

export function sandboxFetch(sandbox: FastifyInstance) {
  const calls: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    calls.push(url.pathname);
    const answer = sandbox.inject({
      method: 'POST',
      url: url.pathname,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: String(init?.body ?? ''),
    });
    // As fetch does: the caller's AbortSignal ends the wait.
    const aborted = new Promise<never>((_, reject) =>
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
    );
    const done = await Promise.race([answer, aborted]);
    return new Response(done.body, { status: done.statusCode });
  };
  return { calls, fetchImpl };
}
