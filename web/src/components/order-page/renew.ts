import { isTrialDuration } from '@shared/ordering/constants';
import type { ShopperOrderView } from '@shared/ordering/types';
import type { ShopperSubscriptionView } from '@shared/subscriptions/types';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { isNotFound } from '../../api/http';
import { activeDurations, productQuery, toCartProduct } from '../../api/products';
import { renewalChoice } from '../../cart/renewals';
import { cartStore } from '../../cart/store';
import { errorText } from '../../i18n/error-text';

// Renewing from the order page (docs/product.md#renewals): the subscription's package goes into the
// cart as a renewal line, at the duration it had while the store still sells it, then the cart opens.

/** A subscription the server lets its shopper renew: delivered, with an end (an ended one too). */
export const isRenewable = (subscription: ShopperSubscriptionView): boolean =>
  subscription.status === 'active' && subscription.endsAt !== null;

/** Whether its end has come, at `now`. */
export const hasEnded = (subscription: ShopperSubscriptionView, now: number): boolean =>
  subscription.endsAt !== null && Date.parse(subscription.endsAt) <= now;

export interface RenewControl {
  /** The subscription whose renewal is being prepared, if any. */
  busy: string | null;
  /** Why a renewal could not be put in the cart, next to its subscription. */
  problem: { subscriptionId: string; text: string } | null;
  /** Puts the renewal of `subscription` in the cart and opens the cart. */
  start(subscription: ShopperSubscriptionView): Promise<void>;
}

/** Renewals of the subscriptions of `order`, whose private link token is `token`. */
export function useRenew(order: ShopperOrderView, token: string): RenewControl {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<RenewControl['problem']>(null);
  const { orderNumber } = order;

  const start = useCallback(
    async (subscription: ShopperSubscriptionView) => {
      const unavailable = () =>
        setProblem({
          subscriptionId: subscription.id,
          text: intl.formatMessage({ id: 'orderPage.renew.unavailable' }),
        });
      setBusy(subscription.id);
      setProblem(null);
      try {
        // The catalogue as it is now: the renewal is priced as any line.
        const product = await queryClient.fetchQuery({ ...productQuery(subscription.productId), staleTime: 0 });
        const entry = renewalChoice(activeDurations(product), subscription.duration);
        if (!product.active || !entry) return unavailable();
        cartStore().putRenewal(toCartProduct(product), entry, {
          subscriptionId: subscription.id,
          orderNumber,
          orderToken: token,
          ...(isTrialDuration(subscription.duration) && { upgrade: true }),
        });
        await navigate({ to: '/cart' });
      } catch (error) {
        if (isNotFound(error)) unavailable();
        else setProblem({ subscriptionId: subscription.id, text: errorText(intl, error) });
      } finally {
        setBusy(null);
      }
    },
    [intl, queryClient, navigate, orderNumber, token],
  );
  return { busy, problem, start };
}

/** The renewal link's `?renew={subscriptionId}` (docs/product.md#subscriptions-screen), and what drops it from the address. */
export interface RenewLink {
  subscriptionId?: string;
  read(): Promise<void>;
}

/**
 * Opened by a renewal link, the page puts that renewal in the cart and opens it, once; the address
 * loses `?renew=` first, so that Back leads to the order. Returns true when the link names no
 * subscription of this order that can be renewed: the page says so.
 */
export function useRenewLink(order: ShopperOrderView, renew: RenewControl, link: RenewLink): boolean {
  const [unknown, setUnknown] = useState(false);
  const done = useRef(false);
  useEffect(() => {
    const id = link.subscriptionId;
    if (!id || done.current) return;
    done.current = true;
    const subscription = order.subscriptions.find((candidate) => candidate.id === id);
    void link
      .read()
      .then(() => (subscription && isRenewable(subscription) ? renew.start(subscription) : setUnknown(true)));
  }, [order, renew, link]);
  return unknown;
}
