import { createFileRoute } from '@tanstack/react-router';
import { FindOrder } from '../../components/find-order/FindOrder';

// Find my order, /orders/find (docs/product.md#find-my-order).
export const Route = createFileRoute('/orders/find')({
  component: FindOrder,
});
