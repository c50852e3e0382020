import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../api/http';
import { changedTotal, createCheckout, savePendingOrder } from '../api/payment';
import { productsQuery } from '../api/products';
import { isTrialCart } from '../cart/cart';
import { renewedOrder } from '../cart/renewals';
import { cartStore, useCart } from '../cart/store';
import { CheckoutItems } from '../components/checkout/CheckoutItems';
import { PhoneField } from '../components/checkout/PhoneField';
import { OrderSummary } from '../components/cart/OrderSummary';
import { PageHeader } from '../components/catalogue/PageHeader';
import { StageCard } from '../components/ui/StageCard';
import { AlertIcon, BoltIcon, CreditCardIcon, LockIcon, ShieldIcon } from '../components/ui/icons';
import { useFormatPrice, useLanguage } from '../i18n/I18nProvider';
import { errorText, fieldTexts } from '../i18n/error-text';
import type { MessageId } from '../i18n/messages';
import { normalisePhone } from '@shared/ordering/constants';
import { orderPageUrl, rememberOrderLink } from '../lib/order-links';
import { readSavedPhone, savePhone } from '../lib/phone';
import { usePhoneField } from '../components/checkout/usePhoneField';
import { usePageTitle } from '../lib/usePageTitle';

export const Route = createFileRoute('/checkout')({
  // An empty cart has nothing to check out.
  beforeLoad: () => {
    if (cartStore().getSnapshot().items.length === 0) throw redirect({ to: '/cart', replace: true });
  },
  component: CheckoutPage,
});

type Stage = 'form' | 'processing' | 'redirecting';

/** What the waiting screens say: on the way to the payment page, or to a free trial's order page. */
const STAGE_TEXTS = {
  paid: {
    processing: { title: 'checkout.processing', text: 'checkout.processingText' },
    redirecting: { title: 'checkout.redirecting', text: 'checkout.redirectingText' },
  },
  trial: {
    processing: { title: 'checkout.processing', text: 'checkout.trialProcessingText' },
    redirecting: { title: 'checkout.trialRedirecting', text: 'checkout.redirectingText' },
  },
} as const satisfies Record<string, Record<Exclude<Stage, 'form'>, { title: MessageId; text: MessageId }>>;

interface Problem {
  message: string;
  newTotal?: number;
}

function CheckoutPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'checkout.title' }));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { locale } = useLanguage();
  const formatPrice = useFormatPrice();
  const { items, itemCount, total, reprice, clear } = useCart();
  // A free trial opens no payment (docs/product.md#free-trials): the page says so.
  const trial = isTrialCart(items);
  const phoneField = usePhoneField(readSavedPhone);
  const phone = phoneField.value;
  const [stage, setStage] = useState<Stage>('form');
  // What the waiting screens speak of: the cart is emptied once a trial is granted.
  const [orderingTrial, setOrderingTrial] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  // The cart emptied meanwhile (another tab): back to the cart page.
  useEffect(() => {
    if (items.length === 0 && stage === 'form') void navigate({ to: '/cart', replace: true });
  }, [items.length, stage, navigate]);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  /** To the failure page, naming what failed by a code it knows (never by a text: docs/product.md#payment-failure). */
  const fail = (reason: string, status?: number) => {
    void navigate({
      to: '/payment/failure',
      search: { error: reason, ...(status && status >= 400 ? { code: String(status) } : {}) },
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (stage !== 'form') return;
    if (!phoneField.check()) {
      phoneRef.current?.focus();
      return;
    }
    const digits = normalisePhone(phone);
    savePhone(digits);
    setProblem(null);
    setStage('processing');
    setOrderingTrial(trial);
    const ordered = items;
    const amount = total;
    try {
      const answer = await createCheckout({
        amount,
        phone: digits,
        items: ordered,
        language: locale,
      });
      setStage('redirecting');
      if ('trial' in answer) {
        // Granted already: straight to the order's own page (a full load), the cart done with.
        clear();
        window.location.assign(orderPageUrl(answer.accessToken));
        return;
      }
      savePendingOrder(answer.id, ordered, amount, digits);
      rememberOrderLink(answer.id, answer.accessToken, renewedOrder(ordered));
      window.location.assign(answer.checkoutUrl);
    } catch (error) {
      const newTotal = changedTotal(error);
      if (newTotal !== null) {
        // Prices changed since the cart was filled: take the catalogue's prices and let the shopper retry.
        try {
          reprice(await queryClient.fetchQuery({ ...productsQuery(), staleTime: 0 }));
        } catch {
          // The new total below still tells the shopper what to expect.
        }
        setProblem({ message: intl.formatMessage({ id: 'checkout.pricesChanged' }), newTotal });
        setStage('form');
      } else if (error instanceof ApiError && error.status < 500) {
        // Refused (a field, a package no longer sold, a phone's trial already used, too many attempts): said on
        // the form, in the page's language.
        const phoneProblem = fieldTexts(intl, error).phone;
        if (phoneProblem) {
          phoneField.setError(phoneProblem);
          setStage('form');
          phoneRef.current?.focus();
          return;
        }
        setProblem({ message: errorText(intl, error) });
        setStage('form');
      } else if (error instanceof ApiError) {
        fail(error.problem?.code ?? 'create_failed', error.status);
      } else {
        fail(error instanceof TypeError ? 'network' : 'unknown');
      }
    }
  };

  if (stage !== 'form') {
    const texts = STAGE_TEXTS[orderingTrial ? 'trial' : 'paid'][stage];
    return (
      <StageCard
        testId={`checkout-${stage}`}
        title={<FormattedMessage id={texts.title} />}
        text={<FormattedMessage id={texts.text} />}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={<FormattedMessage id="checkout.title" />}
        subtitle={<FormattedMessage id={trial ? 'checkout.trialSubtitle' : 'checkout.subtitle'} />}
      />
      <div className="container page-body checkout-layout">
        <form
          className="card checkout-form"
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-labelledby="checkout-form-title"
        >
          <h2 id="checkout-form-title" className="card-title">
            <FormattedMessage id="checkout.contact" />
          </h2>
          {problem && (
            <div
              className="alert alert-warning"
              role="alert"
              tabIndex={-1}
              ref={problemRef}
              data-testid="checkout-problem"
            >
              <AlertIcon size={20} />
              <div>
                <p>{problem.message}</p>
                {problem.newTotal !== undefined && (
                  <p className="alert-strong">
                    <FormattedMessage id="checkout.newTotal" values={{ total: formatPrice(problem.newTotal) }} />
                  </p>
                )}
              </div>
            </div>
          )}
          <PhoneField ref={phoneRef} id="checkout-phone" {...phoneField.field} />
          <div className="payment-method" data-testid={trial ? 'checkout-trial' : undefined}>
            <span className="payment-method-icon">{trial ? <BoltIcon size={22} /> : <CreditCardIcon size={22} />}</span>
            <div>
              <p className="payment-method-title">
                <FormattedMessage id={trial ? 'checkout.trialMethod' : 'checkout.paymentMethod'} />
              </p>
              <p className="field-hint">
                <FormattedMessage id={trial ? 'checkout.trialMethodText' : 'checkout.paymentMethodText'} />
              </p>
            </div>
          </div>
          <button type="submit" className="btn btn-primary btn-lg btn-block" data-testid="place-order">
            {trial ? <BoltIcon size={18} /> : <LockIcon size={18} />}
            {trial ? (
              <FormattedMessage id="checkout.startTrial" />
            ) : (
              <FormattedMessage id="checkout.pay" values={{ total: formatPrice(total) }} />
            )}
          </button>
          <p className="summary-note">
            <ShieldIcon size={16} />
            <FormattedMessage id="checkout.secureNote" />
          </p>
        </form>
        <aside className="checkout-summary-col" aria-labelledby="checkout-summary-title">
          <section className="card summary-card">
            <h2 id="checkout-summary-title" className="card-title">
              <FormattedMessage id="cart.summary" />
            </h2>
            <CheckoutItems items={items} />
          </section>
          <OrderSummary itemCount={itemCount} total={total} title={false} />
        </aside>
      </div>
    </>
  );
}
