// Ids we hand out: unguessable (D34), and within Cashfree's order-id rule ^[A-Za-z0-9_-]{3,45}$.
import { randomBytes } from 'node:crypto';

/** 96 random bits, base64url: 16 characters. */
const random = () => randomBytes(12).toString('base64url');

export const newOrderId = () => `ord_${random()}`;
export const newPaymentLinkId = () => `lnk_${random()}`;
/** Also the gateway's refund_id (3-40 of [A-Za-z0-9_-]): retries name the same refund. */
export const newRefundId = () => `rfd_${random()}`;
