import { useId, type ReactNode } from 'react';

// Every labelled form control of the back office: the label (a red * when required), the control
// given its id and ARIA state, then its error and hint, which describe it.

export interface ControlProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
}

export function FormField(props: {
  label: string;
  required?: boolean;
  /** Marked invalid without an error of its own (a form-wide message, `errorId`, says why). */
  invalid?: boolean;
  hint?: ReactNode;
  error?: string;
  /** A message elsewhere in the form that also describes this control. */
  errorId?: string;
  /** The error paragraph's test id. */
  errorTestId?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const describedBy = [props.error && `${id}-error`, props.errorId, props.hint && `${id}-hint`].filter(Boolean);
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {props.label}
        {props.required && (
          <span className="admin-required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {props.children({
        id,
        'aria-invalid': props.error || props.invalid ? true : undefined,
        'aria-required': props.required || undefined,
        'aria-describedby': describedBy.length ? describedBy.join(' ') : undefined,
      })}
      {props.error && (
        <p id={`${id}-error`} className="field-error" data-testid={props.errorTestId}>
          {props.error}
        </p>
      )}
      {props.hint && (
        <p id={`${id}-hint`} className="field-hint">
          {props.hint}
        </p>
      )}
    </div>
  );
}
