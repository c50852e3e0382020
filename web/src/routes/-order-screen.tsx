import { redirect } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { orderQuery } from '../api/order';
import { HomeButton, RetryButton } from '../components/ui/StateActions';
import { StageCard } from '../components/ui/StageCard';
import { PageState } from '../components/ui/StatePanel';
import { AlertIcon, InboxIcon } from '../components/ui/icons';
import { loadOrNotFound, useRetryLoad } from '../lib/loaders';
import { checkoutSearch, type CheckoutSearch } from '../lib/search';
import { usePageTitle } from '../lib/usePageTitle';
import type { RouterContext } from './__root';

// The success screen's route (docs/product.md#order-confirmation): /order-confirmation, where the payment return page leads,
// and /payment/success, which shows the same screen. The order is loaded by the checkout id in the
// address, so the screen survives a reload; without one, back to the home page.
export const orderScreenRoute = {
  validateSearch: checkoutSearch,
  loaderDeps: ({ search }: { search: CheckoutSearch }) => search,
  loader: async ({ context: { queryClient }, deps }: { context: RouterContext; deps: CheckoutSearch }) => {
    if (!deps.checkout_id) throw redirect({ to: '/', replace: true });
    await loadOrNotFound(queryClient.ensureQueryData(orderQuery(deps.checkout_id)));
    return deps.checkout_id;
  },
  pendingComponent: OrderLoading,
  errorComponent: OrderError,
  notFoundComponent: OrderNotFound,
};

function OrderLoading() {
  usePageTitle(useIntl().formatMessage({ id: 'success.title' }));
  return <StageCard title={<FormattedMessage id="success.loading" />} />;
}

function OrderNotFound() {
  usePageTitle(useIntl().formatMessage({ id: 'success.title' }));
  return (
    <PageState
      tone="error"
      testId="order-error"
      icon={<InboxIcon size={28} />}
      title={<FormattedMessage id="success.notFound" />}
      text={<FormattedMessage id="success.notFoundText" />}
      actions={<HomeButton label="success.home" />}
    />
  );
}

function OrderError() {
  usePageTitle(useIntl().formatMessage({ id: 'success.title' }));
  const retry = useRetryLoad();
  return (
    <PageState
      tone="error"
      testId="order-error"
      icon={<AlertIcon size={28} />}
      title={<FormattedMessage id="success.error" />}
      text={<FormattedMessage id="common.connectionHint" />}
      actions={
        <>
          <RetryButton onRetry={retry} />
          <HomeButton label="success.home" />
        </>
      }
    />
  );
}
