// Issue 46: a body over the limit is a 413 that leaves no dead connection behind. On a raw
// socket (as a proxy that pools connections would use it): a 600 KB body to each route that
// keeps the raw body, then a second request on the same socket must be answered, or the 413
// must say `Connection: close` and the server close the socket (D212).
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, useTestServer } from '../support/server';

const BIG = 600 * 1024;
/** Bounded waits: a dead socket must fail the test, not hang it. */
const WAIT_MS = 5_000;

interface Exchange {
  /** Every byte the server sent, as text. */
  received: string;
  /** Whether the server closed the socket (end or reset) within the wait. */
  closed: boolean;
}

/** Sends `first` (a 413 is expected), then `second` once the 413 is in; what came back. */
function twoRequests(port: number, first: Buffer, second: string): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let received = '';
    let closed = false;
    let sentSecond = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ received, closed });
    };
    const timer = setTimeout(finish, WAIT_MS);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const responses = received.split('HTTP/1.1 ').length - 1;
      if (!sentSecond && /\r\n\r\n/.test(received)) {
        sentSecond = true;
        socket.write(second, () => undefined);
      }
      if (responses >= 2) finish();
    });
    // The server may close while the rest of the big body is still being written.
    socket.on('error', () => {
      closed = true;
    });
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.write(first, () => undefined);
  });
}

const post = (path: string, extra = '') => {
  const body = Buffer.alloc(BIG, 'a');
  body[0] = 0x7b; // '{', so it reads as JSON that is far too long
  return Buffer.concat([
    Buffer.from(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${BIG}\r\n${extra}\r\n`,
    ),
    body,
  ]);
};
/** The same body sent in chunks, with no length said up front. */
const chunked = (path: string) => {
  const part = Buffer.alloc(64 * 1024, 'a');
  part[0] = 0x7b;
  const chunk = Buffer.concat([
    Buffer.from(`${part.length.toString(16)}\r\n`),
    part,
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([
    Buffer.from(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        'Transfer-Encoding: chunked\r\n\r\n',
    ),
    ...Array.from({ length: BIG / part.length }, () => chunk),
    Buffer.from('0\r\n\r\n'),
  ]);
};
const health = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

describe.each(testDatabases())('bodies over the limit on a raw socket on $name', (database) => {
  const server = useTestServer(database);
  let port = 0;
  beforeAll(async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(() => {
    // A connection left dead must not keep the test server open.
    server.app.server.closeAllConnections();
  });

  for (const path of [
    '/api/v1/payments/pg/webhook/',
    '/api/v1/payments/pg/onboarding/webhook/',
    '/api/v1/whatsapp/webhook/',
    '/api/v1/auth/generate-otp/',
  ]) {
    it(`answers 413 on ${path} and leaves no dead connection`, async () => {
      await expectNoDeadConnection(post(path));
    });
  }

  it('does the same for a body sent in chunks', async () => {
    await expectNoDeadConnection(chunked('/api/v1/whatsapp/webhook/'));
  });

  async function expectNoDeadConnection(request: Buffer) {
    const { received, closed } = await twoRequests(port, request, health);
    expect(received.slice(0, 40)).toMatch(/^HTTP\/1\.1 413 /);
    const head = received.split('\r\n\r\n')[0]!.toLowerCase();
    const answeredAgain = received.split('HTTP/1.1 ').length - 1 >= 2;
    // Either the second request is answered, or the server said it closes and did.
    if (!answeredAgain) {
      expect(head).toContain('connection: close');
      expect(closed).toBe(true);
    } else {
      expect(received).toMatch(/HTTP\/1\.1 200 /);
    }
  }
});
