import type { OrderAccessLinkView } from '@shared/ordering/types';
import { useState } from 'react';
import { RefreshIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import type { AdminOrderDetail } from '../../api/orders';
import { useAdminText } from '../../i18n';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { useRenewLink } from './contact-writes';

/**
 * The order's private link: its address, Copy link (said in the section's live region) and New
 * link, confirmed first since the old one stops working. An older order without one offers Create
 * link instead (nothing stops working: no confirmation).
 */
export function PrivateLink({
  order,
  link,
  announce,
}: {
  order: AdminOrderDetail;
  link: OrderAccessLinkView | null;
  announce: (text: string) => void;
}) {
  const t = useAdminText();
  const [confirming, setConfirming] = useState(false);
  const renew = useRenewLink();
  const create = () => renew.mutate(order, { onSettled: () => setConfirming(false) });
  const copy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => announce(t('admin.orders.link.copied')),
      () => announce(t('admin.orders.link.copyFailed')),
    );
  return (
    <div className="admin-contact-block" data-testid="order-link">
      <h4 className="admin-contact-title">{t('admin.orders.link.title')}</h4>
      {link ? (
        <>
          <p className="admin-cell-sub">{t('admin.orders.link.text')}</p>
          <p className="admin-contact-url admin-mono" dir="ltr" data-testid="order-link-url">
            {link.url}
          </p>
          <div className="admin-update-status-row">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void copy(link.url)}
              data-testid="order-link-copy"
            >
              {t('admin.orders.link.copy')}
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={renew.isPending}
              onClick={() => setConfirming(true)}
              data-testid="order-link-renew"
            >
              <RefreshIcon size={16} />
              {t('admin.orders.link.renew')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="admin-cell-sub">{t('admin.orders.link.none')}</p>
          <div className="admin-update-status-row">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={renew.isPending}
              onClick={create}
              data-testid="order-link-create"
            >
              {renew.isPending && <Spinner size="sm" />}
              {renew.isPending ? t('admin.orders.link.creating') : t('admin.orders.link.create')}
            </button>
          </div>
        </>
      )}
      <ConfirmModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('admin.orders.link.confirmTitle')}
        confirmLabel={t('admin.orders.link.confirm')}
        busyLabel={t('admin.orders.link.creating')}
        busy={renew.isPending}
        danger
        onConfirm={create}
        testId="order-link-confirm"
      >
        <p>{t('admin.orders.link.confirmBody', { order: `#${order.number}` })}</p>
      </ConfirmModal>
    </div>
  );
}
