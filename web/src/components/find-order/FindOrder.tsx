import { normalisePhone, orderNumberOf } from '@shared/ordering/constants';
import type { OrderLookupView } from '@shared/ordering/types';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { lookupOrder } from '../../api/order';
import { errorText, fieldTexts } from '../../i18n/error-text';
import type { MessageId } from '../../i18n/messages';
import { phoneErrorId, readSavedPhone } from '../../lib/phone';
import { usePageTitle } from '../../lib/usePageTitle';
import { PhoneField } from '../checkout/PhoneField';
import { AlertIcon, SearchIcon } from '../ui/icons';
import { LookupResult } from './LookupResult';

type Field = 'phone' | 'number';
type Errors = Partial<Record<Field, string>>;

const numberErrorId = (value: string): MessageId | null =>
  orderNumberOf(value) === undefined ? 'error.order.lookup_number' : null;

/**
 * Find my order (docs/product.md#find-my-order): the phone and the order number give the order's
 * status, date, packages, total and delivery state — never its activation details nor its link.
 * The fields follow the shared rules (the server's own), said on leaving a field and on submit.
 */
export function FindOrder() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'findOrder.title' }));
  const [values, setValues] = useState<Record<Field, string>>(() => ({ phone: readSavedPhone(), number: '' }));
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [found, setFound] = useState<OrderLookupView | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const numberInput = useRef<HTMLInputElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const problemOf = (field: Field, value: string) => {
    const id = field === 'phone' ? phoneErrorId(value) : numberErrorId(value);
    return id ? intl.formatMessage({ id }) : undefined;
  };
  const check = (field: Field, value = values[field]) => setErrors((e) => ({ ...e, [field]: problemOf(field, value) }));
  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Once said, a problem follows the typing, so it goes away when fixed.
    if (errors[field]) check(field, value);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (searching) return;
    const next: Errors = { phone: problemOf('phone', values.phone), number: problemOf('number', values.number) };
    setErrors(next);
    if (next.phone || next.number) return (next.phone ? phoneInput : numberInput).current?.focus();
    setSearching(true);
    setProblem(null);
    setFound(null);
    try {
      setFound(await lookupOrder(normalisePhone(values.phone), orderNumberOf(values.number)!));
    } catch (error) {
      const fields = fieldTexts(intl, error);
      if (fields.phone || fields.number) setErrors({ phone: fields.phone, number: fields.number });
      else setProblem(errorText(intl, error));
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="container page-body">
      <div className="find-order" data-testid="find-order">
        <section className="card find-order-card" aria-labelledby="find-order-title">
          <h1 id="find-order-title" className="find-order-title" tabIndex={-1} ref={heading}>
            <SearchIcon size={24} />
            <FormattedMessage id="findOrder.title" />
          </h1>
          <p className="field-hint">
            <FormattedMessage id="findOrder.text" />
          </p>
          <form className="find-order-form" onSubmit={(event) => void onSubmit(event)} noValidate>
            <PhoneField
              ref={phoneInput}
              id="find-phone"
              value={values.phone}
              error={errors.phone ?? null}
              onChange={(value) => change('phone', value)}
              onBlur={() => check('phone')}
            />
            <div className="field">
              <label htmlFor="find-number" className="label">
                <FormattedMessage id="findOrder.number" />
              </label>
              <input
                ref={numberInput}
                id="find-number"
                name="number"
                className="input input-order-number"
                inputMode="numeric"
                autoComplete="off"
                dir="ltr"
                placeholder="1042"
                value={values.number}
                onChange={(event) => change('number', event.target.value)}
                onBlur={() => check('number')}
                aria-invalid={errors.number ? true : undefined}
                aria-describedby={`find-number-hint${errors.number ? ' find-number-error' : ''}`}
                aria-required="true"
                data-testid="find-number"
              />
              <p id="find-number-hint" className="field-hint">
                <FormattedMessage id="findOrder.numberHint" />
              </p>
              {errors.number && (
                <p id="find-number-error" className="field-error" role="alert" data-testid="find-number-error">
                  {errors.number}
                </p>
              )}
            </div>
            {problem && (
              <p className="alert alert-error" role="alert" data-testid="find-problem">
                <AlertIcon size={18} />
                <span>{problem}</span>
              </p>
            )}
            <button type="submit" className="btn btn-primary" disabled={searching} data-testid="find-submit">
              <SearchIcon size={18} />
              <FormattedMessage id={searching ? 'findOrder.searching' : 'findOrder.submit'} />
            </button>
          </form>
        </section>
        {found && <LookupResult order={found} />}
      </div>
    </div>
  );
}
