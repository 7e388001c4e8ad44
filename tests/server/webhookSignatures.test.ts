// Webhook signatures checked against fixed vectors, independent of our signer (the sandbox signs
// with the same module, so a test that signs with it cannot catch a mistake both share). Each
// expected value was worked out once by hand from the provider's documented algorithm, with the
// development secrets a test server runs with, and is written here as a literal:
//
//   Cashfree (gateway-contract.md, "Payment webhooks"; cashfree.com/docs, "Webhook Signature
//   Verification"): x-webhook-signature = base64(HMAC-SHA256(client secret,
//   x-webhook-timestamp + raw body)), the same for payment, refund and (as the adapter assumes,
//   merchants.ts) onboarding webhooks:
//     (printf %s 1736915400000; cat body.json) \
//       | openssl dgst -sha256 -hmac "$CLIENT_SECRET" -binary | base64
//   WhatsApp Cloud API: X-Hub-Signature-256 = 'sha256=' + hex(HMAC-SHA256(app secret, raw body)):
//     openssl dgst -sha256 -hmac "$APP_SECRET" < body.json
//   MSG91: no signature; the secret token of the URL registered with MSG91.
import { describe, expect, it } from 'vitest';
import { signWebhook, webhookSignatureMatches } from '../../src/server/gateway/signature';
import { signWhatsAppWebhook, whatsAppSignatureMatches } from '../../src/server/whatsapp/webhook';
import { useTestServer } from '../support/server';

/** The development secrets, as literals (a test server runs with them). */
const CLIENT_SECRET = 'cfsk_ma_test_tuitionpay_dev_secret_not_for_production';
const WHATSAPP_APP_SECRET = 'whatsapp_dev_app_secret_not_for_production';
const MSG91_TOKEN = 'msg91_dev_webhook_token_not_for_production';
/** 2025-01-15T04:30:00.000Z: where a test server's clock starts. */
const TIMESTAMP = '1736915400000';

// Bodies as Cashfree documents them, for an order, a refund and a merchant no one knows.
const PAYMENT =
  '{"data":{"order":{"order_id":"ord_vectorNoSuchOrder","order_amount":170.00,"order_currency":"INR","order_tags":null},' +
  '"payment":{"cf_payment_id":"5114910000777","payment_status":"SUCCESS","payment_amount":170.00,"payment_currency":"INR",' +
  '"payment_message":"Transaction successful","payment_time":"2025-01-15T10:00:00+05:30","bank_reference":"123456789777",' +
  '"auth_id":null,"payment_method":{"upi":{"channel":"collect","upi_id":"priya@upi"}},"payment_group":"upi"},' +
  '"customer_details":{"customer_name":null,"customer_id":"7","customer_email":null,"customer_phone":"9876543210"}},' +
  '"event_time":"2025-01-15T10:00:05+05:30","type":"PAYMENT_SUCCESS_WEBHOOK"}';
const REFUND =
  '{"data":{"refund":{"cf_refund_id":"1553338","cf_payment_id":"5114910000777","refund_id":"rfd_vectorNoSuchRefund",' +
  '"order_id":"ord_vectorNoSuchOrder","refund_amount":170.00,"refund_currency":"INR","entity":"refund",' +
  '"refund_type":"MERCHANT_INITIATED","refund_arn":"205907959330","refund_status":"SUCCESS",' +
  '"status_description":"Refund processed successfully","created_at":"2025-01-15T10:10:00+05:30",' +
  '"processed_at":"2025-01-15T10:12:00+05:30","refund_mode":"STANDARD"}},' +
  '"event_time":"2025-01-15T10:12:05+05:30","type":"REFUND_STATUS_WEBHOOK"}';
const ONBOARDING =
  '{"data":{"merchant_id":"tp_vector_no_such_merchant","onboarding_status":"ACTIVE","product_min_kyc_status":"APPROVED"},' +
  '"event_time":"2025-01-15T10:00:05+05:30","type":"MERCHANT_ONBOARDING_STATUS"}';
const WHATSAPP = '{"object":"whatsapp_business_account","entry":[]}';

const CASHFREE_VECTORS = [
  ['payment', PAYMENT, 'Hr52Q6WgURGOrlYDyTdI1Qq9UBTbnlUGTvua9dkYSt8='],
  ['refund', REFUND, 'TfYSPdi34tNbMMmBDJZNJ1hWS55uQ+yqKXKcowxrPU0='],
  ['onboarding', ONBOARDING, 'kQK4z7WmPFmhX6s3VrNK8b6NiieIyVcKsAW1V56snPM='],
] as const;
const WHATSAPP_SIGNATURE =
  'sha256=1f1c5618340f91b8064ed18602fddf3a43dcae8cde9d55b85bfd27516914c1b3';

/** The same JSON with one byte more (a space after the first colon): another signature. */
const tampered = (body: string) => body.replace(':', ': ');

describe('webhook signatures, against vectors worked out by hand', () => {
  it.each(CASHFREE_VECTORS)("Cashfree's %s webhook: our check and signer agree", (_, body, sig) => {
    expect(webhookSignatureMatches(CLIENT_SECRET, TIMESTAMP, body, sig)).toBe(true);
    expect(webhookSignatureMatches(CLIENT_SECRET, TIMESTAMP, tampered(body), sig)).toBe(false);
    expect(webhookSignatureMatches(CLIENT_SECRET, '1736915400001', body, sig)).toBe(false);
    // The sandbox signs with signWebhook: it must make the documented value too.
    expect(signWebhook(CLIENT_SECRET, TIMESTAMP, body)).toBe(sig);
  });

  it("WhatsApp's X-Hub-Signature-256: our check and signer agree", () => {
    expect(whatsAppSignatureMatches(WHATSAPP_APP_SECRET, WHATSAPP, WHATSAPP_SIGNATURE)).toBe(true);
    expect(
      whatsAppSignatureMatches(WHATSAPP_APP_SECRET, tampered(WHATSAPP), WHATSAPP_SIGNATURE),
    ).toBe(false);
    expect(signWhatsAppWebhook(WHATSAPP_APP_SECRET, WHATSAPP)).toBe(WHATSAPP_SIGNATURE);
  });
});

describe('the webhook endpoints take the documented signatures', () => {
  const server = useTestServer({ name: 'pglite', url: '' });

  const cashfree = (url: string, body: string, signature: string) =>
    server.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': TIMESTAMP,
        'x-webhook-signature': signature,
      },
      payload: body,
    });

  it('the payment webhook: signed by the vector, it is taken; one byte changed, refused', async () => {
    const [, body, signature] = CASHFREE_VECTORS[0];
    const url = '/api/v1/payments/pg/webhook/';
    const taken = await cashfree(url, body, signature);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ result: 'ignored' });
    expect((await cashfree(url, tampered(body), signature)).statusCode).toBe(401);
  });

  it('the onboarding webhook: the same', async () => {
    const [, body, signature] = CASHFREE_VECTORS[2];
    const url = '/api/v1/payments/pg/onboarding/webhook/';
    const taken = await cashfree(url, body, signature);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ result: 'ignored' });
    expect((await cashfree(url, body.replace('ACTIVE', 'ACTIVF'), signature)).statusCode).toBe(401);
  });

  it("WhatsApp's webhook: the same", async () => {
    const post = (body: string) =>
      server.inject({
        method: 'POST',
        url: '/api/v1/whatsapp/webhook/',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': WHATSAPP_SIGNATURE },
        payload: body,
      });
    const taken = await post(WHATSAPP);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ result: 'ignored' });
    expect((await post(tampered(WHATSAPP))).statusCode).toBe(401);
  });

  it("MSG91's replies and delivery reports: the URL's token, and no other", async () => {
    const reply = (token: string) =>
      server.api('POST', `/api/v1/sms/replies/?token=${token}`, {
        body: { mobile: '919876500003', message: 'hello' },
      });
    expect((await reply(MSG91_TOKEN)).json()).toEqual({ result: 'ignored' });
    expect((await reply(`${MSG91_TOKEN}x`)).statusCode).toBe(401);
    const report = (token: string) =>
      server.api('POST', `/api/v1/sms/delivery-reports/?token=${token}`, {
        body: { requestId: 'no-such-request', status: '1' },
      });
    expect((await report(MSG91_TOKEN)).statusCode).toBe(200);
    expect((await report(MSG91_TOKEN.slice(1))).statusCode).toBe(401);
  });
});
