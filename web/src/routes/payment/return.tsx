import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../api/http';
import {
  clearPendingOrder,
  getCheckoutStatus,
  type CheckoutState,
  isAcceptedStatus,
  processSuccessfulOrder,
  readPendingOrder,
} from '../../api/payment';
import { cartStore } from '../../cart/store';
import { paymentReturnSearch } from '../../lib/search';
import { StageCard } from '../../components/ui/StageCard';
import { CheckCircleIcon } from '../../components/ui/icons';
import { usePageTitle } from '../../lib/usePageTitle';

/** The success message stays 2 s before the confirmation page. */
export const CONFIRMATION_DELAY_MS = 2000;

export const Route = createFileRoute('/payment/return')({
  validateSearch: paymentReturnSearch,
  component: PaymentReturnPage,
});

type Stage = 'verifying' | 'success';

function PaymentReturnPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'payment.verifying' }));
  const { checkout_id: checkoutId } = Route.useSearch();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>('verifying');
  const started = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    // Verifies once per visit (the checkout id does not change while on this page).
    if (started.current) return;
    started.current = true;
    const fail = (error: string, code?: string) =>
      void navigate({ to: '/payment/failure', search: { error, ...(code ? { code } : {}) }, replace: true });

    const verify = async () => {
      if (!checkoutId) return fail('no_checkout_id');
      let checkout: CheckoutState;
      try {
        checkout = await getCheckoutStatus(checkoutId);
      } catch (error) {
        return fail(
          'verification',
          error instanceof ApiError && error.status >= 400 ? String(error.status) : undefined,
        );
      }
      if (!isAcceptedStatus(checkout.status)) return fail('not_paid', checkout.status);

      // Paid or pending — the cart is cleared, the order recorded, then the confirmation.
      // The provider may name the checkout by our order id: the pending order matches either.
      const stored = readPendingOrder();
      const pending = stored && checkout.ids.includes(stored.checkoutId) ? stored : null;
      if (pending || !stored) cartStore().clear();
      await processSuccessfulOrder(checkoutId, pending);
      if (pending) clearPendingOrder();
      setStage('success');
      timer.current = setTimeout(
        () => void navigate({ to: '/order-confirmation', search: { checkout_id: checkoutId }, replace: true }),
        CONFIRMATION_DELAY_MS,
      );
    };
    void verify();
  }, [checkoutId, navigate]);

  // One card for both steps, so that the confirmation is announced where the wait was.
  return stage === 'verifying' ? (
    <StageCard
      testId="payment-verifying"
      title={<FormattedMessage id="payment.verifying" />}
      text={<FormattedMessage id="payment.verifyingText" />}
    />
  ) : (
    <StageCard
      testId="payment-success"
      icon={
        <span className="stage-icon stage-icon-success">
          <CheckCircleIcon size={40} />
        </span>
      }
      title={<FormattedMessage id="payment.confirmed" />}
      text={<FormattedMessage id="payment.confirmedText" />}
    />
  );
}
