// The Cashfree sandbox's verification API (PAN, penny drop): every test value README.md lists,
// its credentials check, Cashfree's error shape for bad bodies, and the fault switches.
import { beforeEach, describe, expect, it } from 'vitest';
import { testDatabases, useTestServer } from '../support/server';

const BASE = '/sandbox/cashfree/verification';
const OTHER_PERSON = 'RAMESH KULKARNI';

describe.each(testDatabases())('Cashfree sandbox verification API on $name', (database) => {
  const server = useTestServer(database);

  const headers = () => ({
    'x-client-id': server.config.cashfree.clientId,
    'x-client-secret': server.config.cashfree.clientSecret,
    'x-api-version': '2023-12-18',
  });
  const post = (path: string, payload: unknown, extra: Record<string, string> = {}) =>
    server.inject({
      method: 'POST',
      url: `${BASE}${path}`,
      headers: { ...headers(), ...extra },
      payload: payload as object,
    });
  const pan = (pan: string, name?: string) => post('/pan', { pan, ...(name ? { name } : {}) });
  const account = (bank_account: string, ifsc = 'HDFC0001234', name = 'Asha Verma') =>
    post('/bank-account/sync', { bank_account, ifsc, name, phone: '9876543210' });

  beforeEach(async () => {
    await server.inject({ method: 'DELETE', url: '/sandbox/cashfree/faults' });
  });

  describe('POST /pan', () => {
    it('verifies any other PAN in the name given, upper-cased (DIRECT_MATCH)', async () => {
      const res = await pan('ABCPV1234K', ' Asha  Verma ');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        pan: 'ABCPV1234K',
        type: 'Individual or Person',
        registered_name: 'ASHA VERMA',
        name_provided: 'ASHA VERMA',
        valid: true,
        name_match_result: 'DIRECT_MATCH',
        name_match_score: 100,
        pan_status: 'VALID',
      });
      expect(typeof res.json().reference_id).toBe('number');
    });

    it('answers digits 0000 with Invalid PAN', async () => {
      const res = await pan('ABCPV0000K', 'Asha Verma');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        valid: false,
        message: 'Invalid PAN',
        pan_status: 'INVALID',
      });
    });

    it('answers a PAN of the wrong shape with Invalid PAN too', async () => {
      expect((await pan('ABC123', 'Asha Verma')).json()).toMatchObject({
        valid: false,
        message: 'Invalid PAN',
        pan_status: 'INVALID',
      });
    });

    it('registers digits 0001 to someone else (NO_MATCH)', async () => {
      const res = await pan('ABCPV0001K', 'Asha Verma');
      expect(res.json()).toMatchObject({
        valid: true,
        registered_name: OTHER_PERSON,
        name_match_result: 'NO_MATCH',
        pan_status: 'VALID',
      });
    });

    it('answers digits 0002 as DEACTIVATED', async () => {
      expect((await pan('ABCPV0002K', 'Asha Verma')).json()).toMatchObject({
        valid: false,
        pan_status: 'DEACTIVATED',
      });
    });

    it('gives no name match when no name is sent', async () => {
      expect((await pan('ABCPV1234K')).json()).toMatchObject({
        valid: true,
        name_match_result: null,
      });
    });
  });

  describe('POST /bank-account/sync', () => {
    it('verifies any other account in the name given, with the bank of the IFSC', async () => {
      const res = await account('001234567890', 'SBIN0005678', 'Asha  Verma');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        name_at_bank: 'ASHA VERMA',
        bank_name: 'State Bank of India',
        name_match_result: 'DIRECT_MATCH',
        account_status: 'VALID',
        account_status_code: 'ACCOUNT_IS_VALID',
      });
      expect(typeof body.reference_id).toBe('number');
      expect(body.utr).toMatch(/^\d{12}$/);
    });

    it.each([
      ['HDFC0001234', 'HDFC Bank'],
      ['ICIC0001234', 'ICICI Bank'],
      ['UTIB0001234', 'Axis Bank'],
      ['KKBK0001234', 'Kotak Mahindra Bank'],
      ['PUNB0001234', 'Punjab National Bank'],
      ['ABCD0001234', 'Test Bank'],
    ])('names the bank of %s %s', async (ifsc, bank) => {
      expect((await account('001234567890', ifsc)).json().bank_name).toBe(bank);
    });

    it.each([
      ['001234560000', 'INVALID_ACCOUNT_FAIL'],
      ['001234560001', 'ACCOUNT_BLOCKED'],
      ['001234560002', 'NRE_ACCOUNT_FAIL'],
    ])('refuses account %s with %s', async (number, code) => {
      const res = await account(number);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        account_status: 'INVALID',
        account_status_code: code,
        name_at_bank: null,
      });
    });

    it('refuses an IFSC ending 000000 (INVALID_IFSC_FAIL), whatever the account', async () => {
      expect((await account('001234567890', 'HDFC0000000')).json()).toMatchObject({
        account_status: 'INVALID',
        account_status_code: 'INVALID_IFSC_FAIL',
      });
    });

    it('reports account ...0003 in another person’s name (NO_MATCH)', async () => {
      expect((await account('001234560003')).json()).toMatchObject({
        account_status: 'VALID',
        name_at_bank: OTHER_PERSON,
        name_match_result: 'NO_MATCH',
      });
    });

    it('reports account ...0004 as a poor partial match', async () => {
      expect((await account('001234560004')).json()).toMatchObject({
        account_status: 'VALID',
        name_match_result: 'POOR_PARTIAL_MATCH',
      });
    });
  });

  describe('credentials and requests', () => {
    it('refuses calls without the client id and secret (401 authentication_error)', async () => {
      for (const extra of [
        { 'x-client-secret': 'wrong' },
        { 'x-client-id': 'someone_else' },
      ] as Record<string, string>[]) {
        const res = await post('/pan', { pan: 'ABCPV1234K' }, extra);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ type: 'authentication_error' });
      }
      const bare = await server.inject({
        method: 'POST',
        url: `${BASE}/bank-account/sync`,
        payload: { bank_account: '001234567890', ifsc: 'HDFC0001234' },
      });
      expect(bare.statusCode).toBe(401);
    });

    it('refuses bad bodies with 400 in Cashfree’s error shape', async () => {
      const cases: [string, unknown, string][] = [
        ['/pan', {}, 'pan_missing'],
        ['/pan', { pan: 42 }, 'pan_invalid'],
        ['/bank-account/sync', { ifsc: 'HDFC0001234' }, 'bank_account_missing'],
        [
          '/bank-account/sync',
          { bank_account: '12-34', ifsc: 'HDFC0001234' },
          'bank_account_invalid',
        ],
        ['/bank-account/sync', { bank_account: '001234567890', ifsc: 'hdfc1234' }, 'ifsc_invalid'],
      ];
      for (const [path, body, code] of cases) {
        const res = await post(path, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          message: expect.any(String),
          code,
          type: 'invalid_request_error',
        });
      }
      const notJson = await server.inject({
        method: 'POST',
        url: `${BASE}/pan`,
        headers: { ...headers(), 'content-type': 'application/json' },
        payload: '{"pan":',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toMatchObject({ type: 'invalid_request_error' });
    });

    it('needs an x-api-version', async () => {
      const res = await post('/pan', { pan: 'ABCPV1234K' }, { 'x-api-version': '' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'x-api-version_missing' });
    });

    it('answers 500 api_error while failNextWith5xx lasts, then normally', async () => {
      await server.inject({
        method: 'POST',
        url: '/sandbox/cashfree/faults',
        payload: { failNextWith5xx: 1 },
      });
      const failed = await pan('ABCPV1234K', 'Asha Verma');
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toMatchObject({ type: 'api_error' });
      expect((await pan('ABCPV1234K', 'Asha Verma')).statusCode).toBe(200);
    });
  });
});
