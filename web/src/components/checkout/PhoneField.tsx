import { forwardRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { PHONE_PLACEHOLDER } from '../../lib/phone';

/** The phone input with its label, hint and error (docs/product.md#validation). */
export const PhoneField = forwardRef<
  HTMLInputElement,
  {
    id: string;
    value: string;
    /** The error to show, already in the page language. */
    error: string | null;
    onChange: (value: string) => void;
    onBlur?: () => void;
    disabled?: boolean;
  }
>(function PhoneField({ id, value, error: errorText, onChange, onBlur, disabled }, ref) {
  return (
    <div className="field">
      <label htmlFor={id} className="label">
        <FormattedMessage id="phone.label" />
      </label>
      <input
        ref={ref}
        id={id}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        dir="ltr"
        className="input input-phone"
        placeholder={PHONE_PLACEHOLDER}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={`${id}-hint${errorText ? ` ${id}-error` : ''}`}
        aria-required="true"
        disabled={disabled}
        data-testid="phone-input"
      />
      <p id={`${id}-hint`} className="field-hint">
        <FormattedMessage id="phone.hint" />
      </p>
      {errorText && (
        <p id={`${id}-error`} className="field-error" role="alert" data-testid="phone-error">
          {errorText}
        </p>
      )}
    </div>
  );
});
