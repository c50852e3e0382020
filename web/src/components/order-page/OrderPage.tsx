import type { ShopperOrderView } from '@shared/ordering/types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isNotFound } from '../../api/http';
import { orderPageQuery } from '../../api/order';
import { errorText } from '../../i18n/error-text';
import { useLanguage } from '../../i18n/I18nProvider';
import { STORE_LANGUAGE_KEY, isLocale } from '../../i18n/locales';
import { readStored } from '../../lib/storage';
import { usePageTitle } from '../../lib/usePageTitle';
import { OrderItems } from '../order/OrderItems';
import { SupportBox } from '../order/SupportBox';
import { RetryButton } from '../ui/StateActions';
import { StageCard } from '../ui/StageCard';
import { PageState } from '../ui/StatePanel';
import { AlertIcon } from '../ui/icons';
import { LinkGone } from './LinkGone';
import { OrderDelivery } from './OrderDelivery';
import { OrderHeader } from './OrderHeader';
import { useRenew, useRenewLink, type RenewLink } from './renew';

/**
 * The order's private page (docs/product.md#order-page), opened by its link's token: read over
 * HTTPS, read again when the live connection says so. A link replaced meanwhile (told live, or a
 * 404 on reading again) turns the page into the replaced state, and what it showed is dropped.
 */
export function OrderPage({ token, renewLink }: { token: string; renewLink: RenewLink }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const query = useQuery(orderPageQuery(token));
  // Told live that the link was replaced: the order's number is kept to say which order it was.
  const [replaced, setReplaced] = useState<{ orderNumber?: number } | null>(null);
  const order = query.data;
  const gone = replaced !== null || isNotFound(query.error);

  useEffect(() => {
    if (gone) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    const { queryKey } = orderPageQuery(token);
    void import('../../live/order-live').then(({ watchOrder }) => {
      if (stopped) return;
      stop = watchOrder(token, {
        changed: () => void queryClient.invalidateQueries({ queryKey }),
        replaced: () => {
          setReplaced({ orderNumber: queryClient.getQueryData<ShopperOrderView>(queryKey)?.orderNumber });
          queryClient.removeQueries({ queryKey });
        },
      });
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [gone, token, queryClient]);

  useOrderLanguage(order?.language ?? null);

  if (gone) return <LinkGone orderNumber={replaced?.orderNumber ?? order?.orderNumber} />;
  if (order) return <OrderView order={order} token={token} renewLink={renewLink} />;
  if (query.isError) {
    return (
      <PageState
        tone="error"
        testId="order-page-error"
        icon={<AlertIcon size={28} />}
        title={<FormattedMessage id="success.error" />}
        text={errorText(intl, query.error)}
        actions={<RetryButton onRetry={() => void query.refetch()} disabled={query.isFetching} />}
      />
    );
  }
  return <StageCard title={<FormattedMessage id="success.loading" />} />;
}

/** The order, titled by its number (here, not above: the replaced state names the page itself). */
function OrderView({ order, token, renewLink }: { order: ShopperOrderView; token: string; renewLink: RenewLink }) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'success.orderNumber' }, { number: `#${order.orderNumber}` }));
  const renew = useRenew(order, token);
  const unknownRenewal = useRenewLink(order, renew, renewLink);
  return (
    <div className="container page-body">
      <div className="order-page" data-testid="order-page">
        <OrderHeader order={order} />
        {unknownRenewal && (
          <p className="alert" role="status" data-testid="renew-link-unknown">
            <AlertIcon size={20} />
            <FormattedMessage id="orderPage.renew.unknownLink" />
          </p>
        )}
        <OrderDelivery order={order} renew={renew} />
        <OrderItems items={order.items} />
        <SupportBox contact={order.adminContact} orderNumber={order.orderNumber} />
      </div>
    </div>
  );
}

/**
 * A link opened where the shopper never chose a language (another phone) shows the order in the
 * language it was placed in.
 */
function useOrderLanguage(language: string | null): void {
  const { locale, setLocale } = useLanguage();
  useEffect(() => {
    if (readStored(STORE_LANGUAGE_KEY) === null && isLocale(language) && language !== locale) void setLocale(language);
  }, [language, locale, setLocale]);
}
