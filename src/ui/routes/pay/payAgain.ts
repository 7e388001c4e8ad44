// 'Pay again' after 'Sent' (issue 13): the pay-by-phone form with the same tutor's phone filled
// in, as Razorpay's and Stripe's receipts offer to pay the same merchant again.
const PAY_AGAIN_PARAM = 'to';

export function payAgainPath(tutorPhone: string): string {
  return `/pay/payment-details?${PAY_AGAIN_PARAM}=${encodeURIComponent(tutorPhone)}`;
}

/** The phone 'Pay again' carries, if any; the form's machine validates it like a typed one. */
export function payAgainPhone(search: URLSearchParams): string | null {
  return search.get(PAY_AGAIN_PARAM);
}
