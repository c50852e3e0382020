import { useIntl } from 'react-intl';
import type { CartItem } from '../../cart/cart';
import { useCart } from '../../cart/store';
import { isolate } from '../../lib/bidi';
import { useCartProductName } from '../../lib/catalogue-language';
import { toast } from '../ui/toast';

/** Remove and Clear cart act at once, each with Undo on a toast that puts the lines back as they were (docs/product.md#cart). */
export function useCartRemovals() {
  const intl = useIntl();
  const { items, removeItem, removeRenewal, clear, restore } = useCart();
  const nameOf = useCartProductName();
  const undoable = (message: string) => {
    const before = items;
    toast.undoable(message, intl.formatMessage({ id: 'cart.undo' }), () => restore(before));
  };
  return {
    remove(item: CartItem) {
      undoable(intl.formatMessage({ id: 'cart.removed' }, { name: isolate(nameOf(item.product).name) }));
      if (item.renewal) removeRenewal(item.renewal.subscriptionId);
      else removeItem(item.product.id);
    },
    clear() {
      undoable(intl.formatMessage({ id: 'cart.cleared' }));
      clear();
    },
  };
}
