// The verification adapter (src/server/gateway/verification.ts) against the sandbox, over real
// HTTP and in-process (loopback), and against stubs for answers the sandbox never gives:
// unknown statuses are failures, never a pass.
import type { AddressInfo } from 'node:net';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createCashfreeVerification,
  type VerificationApi,
} from '../../src/server/gateway/verification';
import { rejection, startStub } from '../support/gateway';
import { testDatabases, useTestServer } from '../support/server';

const ASHA = 'Asha Verma';

describe.each(testDatabases())('Cashfree verification adapter on $name', (database) => {
  const server = useTestServer(database);
  let api: VerificationApi;

  const faults = (payload: object) =>
    server.inject({ method: 'POST', url: '/sandbox/cashfree/faults', payload });

  beforeAll(async () => {
    await server.sandbox.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.sandbox.app.server.address() as AddressInfo).port}`;
    api = createCashfreeVerification(server.config, {
      baseUrl: `${base}/sandbox/cashfree/verification`,
    });
  });
  beforeEach(async () => {
    await server.inject({ method: 'DELETE', url: '/sandbox/cashfree/faults' });
  });

  describe('verifyPan', () => {
    it('passes a valid PAN with the registered name and the name match', async () => {
      expect(await api.verifyPan({ pan: 'ABCPV1234K', name: ASHA })).toEqual({
        status: 'VALID',
        registeredName: 'ASHA VERMA',
        nameMatch: 'DIRECT_MATCH',
      });
    });

    it('reports an invalid, a deactivated and another person’s PAN', async () => {
      expect(await api.verifyPan({ pan: 'ABCPV0000K', name: ASHA })).toEqual({
        status: 'INVALID',
      });
      expect(await api.verifyPan({ pan: 'ABCPV0002K', name: ASHA })).toEqual({
        status: 'DEACTIVATED',
      });
      expect(await api.verifyPan({ pan: 'ABCPV0001K', name: ASHA })).toMatchObject({
        status: 'VALID',
        registeredName: 'RAMESH KULKARNI',
        nameMatch: 'NO_MATCH',
      });
    });
  });

  describe('verifyBankAccount', () => {
    const account = (accountNumber: string, ifsc = 'HDFC0001234') =>
      api.verifyBankAccount({ accountNumber, ifsc, name: ASHA, phone: '9876543210' });

    it('passes a valid account with the bank, the holder’s name and a reference', async () => {
      expect(await account('001234567890')).toEqual({
        status: 'VALID',
        nameAtBank: 'ASHA VERMA',
        bankName: 'HDFC Bank',
        nameMatch: 'DIRECT_MATCH',
        referenceId: expect.stringMatching(/^\d+$/),
      });
    });

    it('reports each failure code of the sandbox', async () => {
      const codes = [];
      for (const number of ['001234560000', '001234560001', '001234560002']) {
        codes.push(await account(number));
      }
      codes.push(await account('001234567890', 'HDFC0000000'));
      expect(codes.map((result) => result.status === 'INVALID' && result.code)).toEqual([
        'INVALID_ACCOUNT_FAIL',
        'ACCOUNT_BLOCKED',
        'NRE_ACCOUNT_FAIL',
        'INVALID_IFSC_FAIL',
      ]);
    });

    it('reports the name match of another person’s and a poorly matching account', async () => {
      expect(await account('001234560003')).toMatchObject({
        status: 'VALID',
        nameMatch: 'NO_MATCH',
      });
      expect(await account('001234560004')).toMatchObject({
        status: 'VALID',
        nameMatch: 'POOR_PARTIAL_MATCH',
      });
    });
  });

  describe('failures', () => {
    it('turns a 5xx and wrong credentials into GatewayErrors without the secret', async () => {
      await faults({ failNextWith5xx: 1 });
      expect(await rejection(api.verifyPan({ pan: 'ABCPV1234K', name: ASHA }))).toMatchObject({
        status: 500,
        code: 'internal_error',
      });
      const wrong = createCashfreeVerification(
        {
          ...server.config,
          cashfree: { ...server.config.cashfree, clientSecret: 'not-the-secret' },
        },
        { loopback: server.sandbox.transport },
      );
      const denied = await rejection(wrong.verifyPan({ pan: 'ABCPV1234K', name: ASHA }));
      expect(denied).toMatchObject({ status: 401 });
      expect(JSON.stringify({ ...denied, message: denied.message })).not.toContain(
        'not-the-secret',
      );
    });

    it('gives up on a gateway that does not answer in time', async () => {
      await faults({ slowMs: 1_000 });
      const impatient = createCashfreeVerification(server.config, {
        loopback: server.sandbox.transport,
        timeoutMs: 100,
      });
      expect(
        await rejection(
          impatient.verifyBankAccount({
            accountNumber: '001234567890',
            ifsc: 'HDFC0001234',
            name: ASHA,
          }),
        ),
      ).toMatchObject({ status: null, code: 'timeout' });
    });

    it('refuses statuses it does not know instead of passing them', async () => {
      const answers = [
        { valid: true, pan_status: 'SUSPENDED', registered_name: 'ASHA VERMA' },
        { valid: true, pan_status: 'VALID', name_match_result: 'ALMOST_MATCH' },
      ];
      for (const answer of answers) {
        const stub = await startStub(JSON.stringify(answer));
        try {
          const odd = createCashfreeVerification(server.config, { baseUrl: stub.url });
          expect(await rejection(odd.verifyPan({ pan: 'ABCPV1234K', name: ASHA }))).toMatchObject({
            code: 'unexpected_status',
          });
        } finally {
          await stub.close();
        }
      }
      const pending = await startStub(
        JSON.stringify({ reference_id: 7, account_status: 'RECEIVED' }),
      );
      try {
        const odd = createCashfreeVerification(server.config, { baseUrl: pending.url });
        expect(
          await rejection(
            odd.verifyBankAccount({
              accountNumber: '001234567890',
              ifsc: 'HDFC0001234',
              name: ASHA,
            }),
          ),
        ).toMatchObject({ code: 'unexpected_status' });
      } finally {
        await pending.close();
      }
    });

    it('refuses an INVALID account whatever its unknown code, and answers that are not JSON objects', async () => {
      const fraud = await startStub(
        JSON.stringify({
          reference_id: 7,
          account_status: 'INVALID',
          account_status_code: 'FRAUD_ACCOUNT',
        }),
      );
      try {
        const odd = createCashfreeVerification(server.config, { baseUrl: fraud.url });
        expect(
          await odd.verifyBankAccount({
            accountNumber: '001234567890',
            ifsc: 'HDFC0001234',
            name: ASHA,
          }),
        ).toEqual({ status: 'INVALID', code: 'OTHER', referenceId: '7' });
      } finally {
        await fraud.close();
      }
      const junk = await startStub('["not", "an", "answer"]');
      try {
        const odd = createCashfreeVerification(server.config, { baseUrl: junk.url });
        expect(await rejection(odd.verifyPan({ pan: 'ABCPV1234K', name: ASHA }))).toMatchObject({
          code: 'invalid_response',
        });
      } finally {
        await junk.close();
      }
    });
  });
});
