// A gateway webhook as a handler reads it: the exact bytes and the signature headers, handed
// to the adapter's check. A webhook that cannot be read counts as unsigned (the caller
// answers 401, so a genuine one is retried by the gateway).
import type { FastifyRequest } from 'fastify';
import type { SignedWebhook } from '../gateway/signature';

const firstHeader = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

export function readSignedWebhook<T>(
  request: FastifyRequest,
  now: Date,
  verify: (input: SignedWebhook) => T | null,
): T | null {
  try {
    return verify({
      rawBody: request.rawBody ?? Buffer.alloc(0),
      signature: firstHeader(request.headers['x-webhook-signature']),
      timestamp: firstHeader(request.headers['x-webhook-timestamp']),
      now,
    });
  } catch (error) {
    request.log.warn({ err: error }, 'gateway webhook could not be read');
    return null;
  }
}
