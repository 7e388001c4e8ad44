// The order id of /pay/redirect and /pay/status: the gateway's `order_id` query (the return
// URL), else the one stored when the order was created (D1). D34's id shape, so nothing odd
// reaches a URL or a request.
import { storage } from '../../../browser/storage';
import { ORDER_ID_PATTERN } from '../../../domain/ids';

export function currentOrderId(search: URLSearchParams): string | null {
  const fromQuery = search.get('order_id');
  if (fromQuery !== null) return ORDER_ID_PATTERN.test(fromQuery) ? fromQuery : null;
  const stored = storage.get('orderId');
  return stored !== null && ORDER_ID_PATTERN.test(stored) ? stored : null;
}

export function statusPath(orderId: string | null): string {
  return orderId ? `/pay/status?order_id=${encodeURIComponent(orderId)}` : '/pay/status';
}
