import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../api/http';
import { changedTotal, createCheckout, savePendingOrder } from '../api/payment';
import { productsQuery } from '../api/products';
import { cartStore, useCart } from '../cart/store';
import { CheckoutItems } from '../components/checkout/CheckoutItems';
import { PhoneField } from '../components/checkout/PhoneField';
import { OrderSummary } from '../components/cart/OrderSummary';
import { PageHeader } from '../components/catalogue/PageHeader';
import { StageCard } from '../components/ui/StageCard';
import { AlertIcon, CreditCardIcon, LockIcon, ShieldIcon } from '../components/ui/icons';
import { useFormatPrice, useLanguage } from '../i18n/I18nProvider';
import { errorText, fieldTexts } from '../i18n/error-text';
import { normalisePhone } from '@shared/ordering/constants';
import { rememberOrderLink } from '../lib/order-links';
import { phoneErrorId, readSavedPhone, savePhone } from '../lib/phone';
import { usePageTitle } from '../lib/usePageTitle';
import { isolate } from '../lib/bidi';

export const Route = createFileRoute('/checkout')({
  // An empty cart has nothing to check out.
  beforeLoad: () => {
    if (cartStore().getSnapshot().items.length === 0) throw redirect({ to: '/cart', replace: true });
  },
  component: CheckoutPage,
});

type Stage = 'form' | 'processing' | 'redirecting';

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
  const { items, itemCount, total, reprice } = useCart();
  const [phone, setPhone] = useState(readSavedPhone);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>('form');
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

  const validate = (value: string) => {
    const id = phoneErrorId(value);
    setPhoneError(id ? intl.formatMessage({ id }) : null);
    return id === null;
  };

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
    if (!validate(phone)) {
      phoneRef.current?.focus();
      return;
    }
    const digits = normalisePhone(phone);
    savePhone(digits);
    setProblem(null);
    setStage('processing');
    const ordered = items;
    const amount = total;
    try {
      const checkout = await createCheckout({
        amount,
        phone: digits,
        items: ordered,
        language: locale,
      });
      savePendingOrder(checkout.id, ordered, amount, digits);
      rememberOrderLink(checkout.id, checkout.accessToken);
      setStage('redirecting');
      window.location.assign(checkout.checkoutUrl);
    } catch (error) {
      const newTotal = changedTotal(error);
      if (error instanceof ApiError && error.status === 409) {
        // Prices changed since the cart was filled: take the catalogue's prices and let the shopper retry.
        try {
          reprice(await queryClient.fetchQuery({ ...productsQuery(), staleTime: 0 }));
        } catch {
          // The new total below still tells the shopper what to expect.
        }
        setProblem({ message: intl.formatMessage({ id: 'checkout.pricesChanged' }), newTotal: newTotal ?? undefined });
        setStage('form');
      } else if (error instanceof ApiError && error.status < 500) {
        // Refused (a field, a package no longer sold, too many attempts): said on the form, in the page's language.
        const phoneProblem = fieldTexts(intl, error).phone;
        if (phoneProblem) {
          setPhoneError(phoneProblem);
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
    return (
      <StageCard
        testId={`checkout-${stage}`}
        title={<FormattedMessage id={stage === 'processing' ? 'checkout.processing' : 'checkout.redirecting'} />}
        text={<FormattedMessage id={stage === 'processing' ? 'checkout.processingText' : 'checkout.redirectingText'} />}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={<FormattedMessage id="checkout.title" />}
        subtitle={<FormattedMessage id="checkout.subtitle" />}
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
                    <FormattedMessage
                      id="checkout.newTotal"
                      values={{ total: isolate(formatPrice(problem.newTotal)) }}
                    />
                  </p>
                )}
              </div>
            </div>
          )}
          <PhoneField
            ref={phoneRef}
            id="checkout-phone"
            value={phone}
            error={phoneError}
            onChange={(value) => {
              setPhone(value);
              validate(value);
            }}
          />
          <div className="payment-method">
            <span className="payment-method-icon">
              <CreditCardIcon size={22} />
            </span>
            <div>
              <p className="payment-method-title">
                <FormattedMessage id="checkout.paymentMethod" />
              </p>
              <p className="field-hint">
                <FormattedMessage id="checkout.paymentMethodText" />
              </p>
            </div>
          </div>
          <button type="submit" className="btn btn-primary btn-lg btn-block" data-testid="place-order">
            <LockIcon size={18} />
            <FormattedMessage id="checkout.pay" values={{ total: isolate(formatPrice(total)) }} />
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
