// Ids we hand out: unguessable (D34), of the shapes src/domain/ids.ts names (Cashfree's rules).
import { randomBytes } from 'node:crypto';

/** 96 random bits, base64url: 16 characters. */
const random = () => randomBytes(12).toString('base64url');

export const newOrderId = () => `ord_${random()}`;
export const newPaymentLinkId = () => `lnk_${random()}`;
/** Also the gateway's refund_id: retries name the same refund. */
export const newRefundId = () => `rfd_${random()}`;
