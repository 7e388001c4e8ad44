// What the API writes the same way in every language (issue 15): file names, how a payee and
// a payer are named, rupees. Formats, not words: apiMessages.ts passes them on as they are
// (`keep`), and no catalog holds them.
import { PRODUCT_NAME } from './constants';

export const apiFormats = {
  csvFileName: (from: string, to: string) =>
    `${PRODUCT_NAME.toLowerCase()}-payments-${from}-to-${to}.csv`,
  /** The receipt page and its PDF name both sides alike (issue 13: they differed). */
  payee: (name: string, username: string | null) => (username ? `${name} (@${username})` : name),
  payer: (name: string, phone: string | null) => (phone === null ? name : `${name} (${phone})`),
  /** A UPI payment has no fee (D6): its receipt shows no fee or charges rows. */
  showsFees: (method: 'card' | 'upi') => method === 'card',
  /** '₹2,023.88' */
  rupees: (amount: string) => `₹${amount}`,
  receiptFileName: (orderId: string) => `receipt-${orderId}.pdf`,
};
