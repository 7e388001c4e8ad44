// Receipts of paid orders: JSON for the printable page, and the PDF download.
import type { Handlers } from '../http/handler';
import { requireAuth } from '../http/handler';
import { attachment, headers, refusal } from './replies';

export const receiptHandlers = {
  async getReceipt({ params, auth, services }) {
    const result = await services.receipts.get(requireAuth(auth).user, params.orderId);
    return result.ok ? { status: 200, body: result.value } : refusal(result);
  },

  async getReceiptPdf({ params, auth, services }) {
    const result = await services.receipts.pdf(requireAuth(auth).user, params.orderId);
    if (!result.ok) return refusal(result);
    return {
      status: 200,
      body: result.value.bytes,
      headers: headers({
        'content-disposition': attachment(result.value.fileName),
        'cache-control': 'no-store',
      }),
    };
  },
} satisfies Handlers;
