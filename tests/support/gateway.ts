// Helpers for the gateway adapters' tests: the GatewayError a call rejects with, and an HTTP
// server that answers every request with one body (answers the sandbox never gives).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { GatewayError } from '../../src/server/gateway/types';

/** The GatewayError `promise` rejects with; fails the test if it resolves or throws else. */
export async function rejection(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayError);
    return error as GatewayError;
  }
  throw new Error('expected a GatewayError');
}

/** An HTTP server answering every request 200 with the JSON text `body`. */
export async function startStub(body: string) {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
