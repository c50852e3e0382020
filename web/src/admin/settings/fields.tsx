import { useEffect, useId, useState, type ReactNode } from 'react';
import { CheckCircleIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { useAdminText } from '../i18n';

// The pieces the Settings tabs are made of: a labelled field with its hint and error, a switch,
// and the form's footer with Save and the 3-second 'Settings saved successfully!'.

export interface ControlProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
}

/** A labelled control, described by its error (when any) and its hint. */
export function Field(props: {
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const describedBy = [props.error && `${id}-error`, props.hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {props.label}
        {props.required && (
          <span className="admin-settings-required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {props.children({
        id,
        'aria-invalid': props.error ? true : undefined,
        'aria-required': props.required || undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {props.error && (
        <p id={`${id}-error`} className="field-error" data-testid="settings-field-error">
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

/** An on/off setting: a switch button named by its label and described by its hint. */
export function Switch(props: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="admin-switch-row">
      <div className="admin-switch-text">
        <span id={`${id}-label`} className="label">
          {props.label}
        </span>
        <p id={`${id}-hint`} className="field-hint">
          {props.hint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={props.checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        className="admin-switch"
        onClick={() => props.onChange(!props.checked)}
        data-testid={props.testId}
      >
        <span className="admin-switch-thumb" aria-hidden="true" />
      </button>
    </div>
  );
}

/** How long 'Settings saved successfully!' shows (SPEC §9: 3 s). */
export const SAVED_MESSAGE_MS = 3000;

/** True for 3 s after each `savedAt` change (a time, or null before any save). */
export function useSavedMessage(savedAt: number | null): boolean {
  // The save whose message has had its 3 s.
  const [expired, setExpired] = useState<number | null>(null);
  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setExpired(savedAt), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);
  return savedAt !== null && expired !== savedAt;
}

/** A tab's footer: Save (Saving… while it runs) and the success message, announced politely. */
export function SaveBar({ busy, savedAt, testId }: { busy: boolean; savedAt: number | null; testId: string }) {
  const t = useAdminText();
  const saved = useSavedMessage(savedAt);
  return (
    <div className="admin-settings-actions">
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid={`${testId}-save`}>
        {busy && <Spinner size="sm" />}
        {t(busy ? 'admin.settings.saving' : 'admin.settings.save')}
      </button>
      <p role="status" className="admin-settings-saved" data-testid={`${testId}-saved`}>
        {saved && (
          <>
            <CheckCircleIcon size={18} />
            <span>{t('admin.settings.saved')}</span>
          </>
        )}
      </p>
    </div>
  );
}
