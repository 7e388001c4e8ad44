// Receipts of paid orders: the JSON for the printable page and the PDF download carry the same
// figures as the order; only the payer and the payee may read them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/apiMessages';
import { readIn } from '../../src/domain/locale';
import { users } from '../../src/server/db/schema';
import { taxTexts } from '../../src/domain/taxTexts';
import { DEV_PLATFORM_ADDRESS, DEV_PLATFORM_GSTIN } from '../../src/server/config';
import { pdfLines, pdfPages } from '../support/pdf';
import { testDatabases } from '../support/server';
import {
  approveUrl,
  createOrder,
  payOrder,
  receiptPdfUrl,
  receiptUrl,
  requestRefund,
} from './dashboards.support';
import { usePaymentsServer } from './payments.support';

const noState = (name: string) => ({
  name,
  gstin: null,
  address: null,
  state_code: null,
  state_name: null,
  phone: null,
});

describe.each(testDatabases())('receipts on $name', (database) => {
  const t = usePaymentsServer(database);
  const { api, server } = t;

  it('names the tutor as payee with the order id, payment time, method and breakup', async () => {
    const { asha, priya } = await t.demo();
    const paidAt = server.clock.now();
    const id = await payOrder(t, priya, asha, 2000);
    const expected = {
      receipt_number: id,
      order_id: id,
      payee: { name: 'Asha Verma', username: 'asha-verma' },
      payer: { name: 'Priya Sharma', phone: priya.phone },
      paid_at: paidAt.toISOString(),
      method: 'card',
      payment_group: 'credit_card',
      bank_reference: '123456789012',
      base_amount: 2000,
      fee: 20,
      charges: 3.88,
      total: 2023.88,
      refund: null,
      paid_for: [],
      // Issue 50: Asha has no GST profile, so she is not registered: her receipt carries no
      // GST; our platform fee has its own tax invoice (D269), worked out by hand: 23.88 × 100
      // / 118 = 20.237 → 20.24; CGST 9% of 20.24 = 1.82, SGST the rest 1.82; the fee line
      // 20.24 × 20 / 23.88 = 16.951 → 16.95, the charges line the rest 3.29.
      documents: [
        {
          kind: 'receipt',
          serial: null,
          issued_at: paidAt.toISOString(),
          supplier: noState('Asha Verma'),
          recipient: { ...noState('Priya Sharma'), phone: priya.phone },
          place_of_supply: null,
          place_of_supply_name: null,
          supply_type: null,
          sac: null,
          rate: 0,
          reverse_charge: false,
          lines: [{ item: 'tuition', purpose: null, amount: 2000, taxable: 2000 }],
          taxable: 2000,
          cgst: 0,
          sgst: 0,
          igst: 0,
          total: 2000,
          original: null,
        },
        {
          kind: 'platform_invoice',
          serial: 'TP/2425/00000001',
          issued_at: paidAt.toISOString(),
          supplier: {
            name: 'TuitionPay',
            gstin: DEV_PLATFORM_GSTIN,
            address: DEV_PLATFORM_ADDRESS,
            state_code: '29',
            state_name: 'Karnataka',
            phone: null,
          },
          recipient: { ...noState('Priya Sharma'), phone: priya.phone },
          place_of_supply: '29',
          place_of_supply_name: 'Karnataka',
          supply_type: 'intra',
          sac: '997158',
          rate: 18,
          reverse_charge: false,
          lines: [
            { item: 'platformFee', purpose: null, amount: 20, taxable: 16.95 },
            { item: 'charges', purpose: null, amount: 3.88, taxable: 3.29 },
          ],
          taxable: 20.24,
          cgst: 1.82,
          sgst: 1.82,
          igst: 0,
          total: 23.88,
          original: null,
        },
      ],
    };
    const mine = await api('GET', receiptUrl(id), { token: priya.token });
    expect([mine.statusCode, mine.json()]).toEqual([200, expected]);
    // The tutor who was paid sees the same receipt.
    expect((await api('GET', receiptUrl(id), { token: asha.token })).json()).toEqual(expected);
    // The same figures as the order itself.
    const order = await api('GET', `/api/v1/payments/pg/order/${id}/`, { token: priya.token });
    expect(order.json()).toMatchObject({
      base_amount: 2000,
      fee: 20,
      charges: 3.88,
      order: { amount: 2023.88 },
    });
  });

  it('downloads the same receipt as a PDF', async () => {
    const { asha, priya } = await t.demo();
    const id = await payOrder(t, priya, asha, 2000);
    const res = await api('GET', receiptPdfUrl(id), { token: priya.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${id}.pdf"`);
    const [receiptPage, platformInvoice, ...more] = pdfPages(res.rawPayload);
    expect(more).toEqual([]);
    expect(receiptPage).toEqual([
      'TuitionPay',
      'Payment receipt',
      `Receipt number | ${id}`,
      // As the receipt page writes them (issue 13: the PDF had no phone and a bare username).
      'Paid to | Asha Verma (@asha-verma)',
      `Paid by | Priya Sharma (${priya.phone})`,
      // The test clock after the demo logins: 15 January 2025, 10:01:33 IST.
      'Payment time | 15th January 2025, 10:01 am IST',
      'Method | Card',
      'Bank reference | 123456789012',
      'Amount | ₹2,000.00',
      'Platform fee | ₹20.00',
      'Government & other charges | ₹3.88',
      'Total paid | ₹2,023.88',
      'Asha Verma is not registered under GST. No GST is charged on this payment, and this receipt is not a tax invoice.',
      'All amounts are in Indian rupees (INR).',
      'Issued by TuitionPay on behalf of the payee.',
    ]);
    expect(platformInvoice).toEqual([
      'Tax invoice: platform fee',
      'TuitionPay',
      'Invoice number | TP/2425/00000001',
      'Date of issue | 15th January 2025',
      'Supplier | TuitionPay',
      `GSTIN | ${DEV_PLATFORM_GSTIN}`,
      `Address | ${DEV_PLATFORM_ADDRESS}`,
      'State | Karnataka (code 29)',
      `Recipient | Priya Sharma (${priya.phone})`,
      'Place of supply | Karnataka (code 29)',
      'SAC | 997158',
      'Tax payable on reverse charge | No',
      'For | Platform fee: ₹20.00',
      'Government & other charges: ₹3.88',
      'Taxable value | ₹20.24',
      'CGST 9% | ₹1.82',
      'SGST 9% | ₹1.82',
      'Total (GST included) | ₹23.88',
      'The amounts include GST; the taxable value and each tax are worked out from them to the paisa.',
      'The charges are 19.41% of the platform fee (1% of the amount paid by card); the fee and the charges together include GST at 18%.',
      'Made by computer; needs no signature.',
    ]);
  });

  it('shows a UPI payment and its refund; a name in Devanagari prints as written', async () => {
    const { asha, priya } = await t.demo();
    await server.db.update(users).set({ firstName: 'प्रिया' }).where(eq(users.id, priya.id));
    const id = await payOrder(t, priya, asha, 50_000, 'upi');
    const refundId = await requestRefund(t, priya, id);
    expect((await api('POST', approveUrl(refundId), { token: asha.token })).statusCode).toBe(200);
    const receipt = await api('GET', receiptUrl(id), { token: priya.token });
    expect(receipt.json()).toMatchObject({
      payer: { name: 'प्रिया Sharma' },
      method: 'upi',
      payment_group: 'upi',
      base_amount: 50000,
      fee: 0,
      charges: 0,
      total: 50000,
      refund: { id: refundId, status: 'PENDING', amount: 50000 },
    });
    const lines = pdfLines(
      (await api('GET', receiptPdfUrl(id), { token: priya.token })).rawPayload,
    );
    expect(lines).toContain(`Paid by | प्रिया Sharma (${priya.phone})`);
    expect(lines).toContain('Method | UPI');
    // No fee on UPI (D6): no fee rows, as on the receipt page.
    expect(lines.some((line) => line.startsWith('Platform fee'))).toBe(false);
    expect(lines).toContain('Total paid | ₹50,000.00');
    expect(lines).toContain('Refund (Processing): ₹50,000.00');
  });

  it('writes the PDF in Hindi for a Hindi reader, a Devanagari name shaped and extractable', async () => {
    const { asha, priya } = await t.demo();
    await server.db
      .update(users)
      .set({ firstName: 'आशा', lastName: 'क्षत्रिय' })
      .where(eq(users.id, asha.id));
    const id = await payOrder(t, priya, asha, 2000);
    const pdf = await api('GET', receiptPdfUrl(id), {
      token: priya.token,
      headers: { 'accept-language': 'hi-IN,hi;q=0.9' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-language']).toBe('hi-IN');
    const r = apiMessages.receipts;
    expect(pdfLines(pdf.rawPayload)).toEqual(
      readIn('hi', () => [
        'TuitionPay',
        r.title,
        `${r.receiptNumber} | ${id}`,
        `${r.paidTo} | आशा क्षत्रिय (@asha-verma)`,
        `${r.paidBy} | Priya Sharma (${priya.phone})`,
        `${r.paidAt} | 15 जनवरी 2025, सुबह 10:01 (भारतीय समय)`,
        `${r.method} | ${apiMessages.paymentHistory.methodCard}`,
        `${r.bankReference} | 123456789012`,
        `${r.amount} | ₹2,000.00`,
        `${r.platformFee} | ₹20.00`,
        `${r.charges} | ₹3.88`,
        `${r.total} | ₹2,023.88`,
        taxTexts.documents.notRegistered('आशा क्षत्रिय'),
        r.rupeeNote,
        r.footer('TuitionPay'),
      ]),
    );
    // Its documents too: our platform fee's tax invoice, in Hindi.
    const hindiInvoice = pdfPages(pdf.rawPayload)[1]!;
    expect(hindiInvoice.slice(0, 3)).toEqual(
      readIn('hi', () => [
        taxTexts.documents.titles.platform_invoice,
        'TuitionPay',
        `${taxTexts.documents.serial} | TP/2425/00000001`,
      ]),
    );
    expect(hindiInvoice).toContain(readIn('hi', () => `${taxTexts.documents.cgst('9%')} | ₹1.82`));
    // The English reader of the same receipt still reads English.
    const english = await api('GET', receiptPdfUrl(id), { token: priya.token });
    expect(pdfLines(english.rawPayload)).toContain(
      `${apiMessages.receipts.paidTo} | आशा क्षत्रिय (@asha-verma)`,
    );
  });

  it('has no receipt for an order that is not paid (409)', async () => {
    const { asha, priya } = await t.demo();
    const id = await createOrder(t, priya, asha, 2000);
    for (const url of [receiptUrl(id), receiptPdfUrl(id)]) {
      const res = await api('GET', url, { token: priya.token });
      expect([res.statusCode, res.json()]).toEqual([
        409,
        expect.objectContaining({ message: apiMessages.receipts.notPaid }),
      ]);
    }
  });
});
