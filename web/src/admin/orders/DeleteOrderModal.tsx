import type { AdminOrderView } from '@shared/ordering/types';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useAdminText } from '../i18n';
import { ConfirmModal } from '../ui/ConfirmModal';
import { useAdminDates } from '../ui/dates';
import { useDeleteOrder } from './order-writes';
import { customerName } from '../ui/customer-name';

/** 'Confirm Deletion' with the order's number and id, customer, amount and date. */
export function DeleteOrderModal({
  order,
  onClose,
  onDeleted,
}: {
  order: AdminOrderView | null;
  onClose: () => void;
  onDeleted: (order: Pick<AdminOrderView, 'id'>) => void;
}) {
  const t = useAdminText();
  const dates = useAdminDates();
  const price = useFormatPrice();
  const remove = useDeleteOrder(onDeleted);
  return (
    <ConfirmModal
      open={order !== null}
      onClose={onClose}
      title={t('admin.orders.deleteTitle')}
      confirmLabel={t('admin.list.delete')}
      busyLabel={t('admin.list.deleting')}
      busy={remove.isPending}
      onConfirm={() => order && remove.mutate(order)}
      danger
      testId="order-delete-modal"
    >
      <p>{t('admin.orders.deleteBody')}</p>
      {order && (
        <dl className="admin-facts">
          <dt>{t('admin.orders.col.order')}</dt>
          <dd dir="ltr">
            #{order.number} <span className="admin-cell-sub">{order.id}</span>
          </dd>
          <dt>{t('admin.orders.detail.customer')}</dt>
          <dd dir="auto">{customerName({ name: order.customer_name, phone: order.phone })}</dd>
          <dt>{t('admin.orders.col.amount')}</dt>
          <dd dir="auto">{price(order.total_amount)}</dd>
          <dt>{t('admin.orders.col.date')}</dt>
          <dd>{dates.dateTime(order.created_at)}</dd>
        </dl>
      )}
    </ConfirmModal>
  );
}
