// The shapes of the ids we hand out (D34), as the contract's OrderIdValue, LinkIdValue and
// RefundIdValue say: within Cashfree's rules for order_id (3-45 of [A-Za-z0-9_-]) and
// refund_id (3-40), so ours are also the gateway's. Checked before an id from a URL or storage
// reaches a request. No imports: the payment pages' first paint reads these.

export const ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{3,45}$/;
/** A payment link's id has an order id's shape (`lnk_` and random letters and digits). */
export const LINK_ID_PATTERN = ORDER_ID_PATTERN;
export const REFUND_ID_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;
