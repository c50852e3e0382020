import { useEffect, useId, useState } from 'react';
import { CheckCircleIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { useAdminText } from '../i18n';
import { FormField } from '../ui/FormField';

// The pieces the Settings tabs are made of: a labelled field with its hint and error, a switch,
// and the form's footer with Save and the 3-second 'Settings saved successfully!'.

export type { ControlProps } from '../ui/FormField';

/** A labelled control of a Settings tab (FormField with the tab's error test id). */
export function Field(props: Omit<Parameters<typeof FormField>[0], 'errorTestId' | 'invalid' | 'errorId'>) {
  return <FormField {...props} errorTestId="settings-field-error" />;
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

/** How long 'Settings saved successfully!' shows (3 s). */
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
