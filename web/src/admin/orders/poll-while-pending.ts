import { useQuery } from '@tanstack/react-query';
import { orderQuery } from '../api/orders';

/** How often an open detail asks again while the provisioning service is being asked. */
const PENDING_POLL_MS = 2_000;

/**
 * Live events patch the order, not what its provisioning jobs record (docs/product.md#automatic-delivery):
 * while a job works, the open detail is read again until its outcome (or a failure) arrives.
 */
export function usePollWhilePending(orderId: string, pending: boolean): void {
  useQuery({ ...orderQuery(orderId), refetchInterval: pending ? PENDING_POLL_MS : false });
}
