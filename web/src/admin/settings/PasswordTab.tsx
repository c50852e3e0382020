import { PASSWORD_MIN, passwordChangeProblems } from '@shared/identity/constants';
import { useState, type FormEvent } from 'react';
import { AlertIcon } from '../../components/ui/icons';
import { useAdminText } from '../i18n';
import { Field, SaveBar } from './fields';
import { failureMessage } from '../api/client';
import { problemText } from './settings-text';
import { useChangePassword, type PasswordInput } from './settings-writes';

const EMPTY: PasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Password: the current one, the new one (at least 8 characters) and its confirmation, checked as
 * the server checks them. The server's refusal ('Current password is incorrect') shows above the
 * form; after a save the fields are cleared and the admin stays signed in.
 */
export function PasswordTab({ userId }: { userId: string }) {
  const t = useAdminText();
  const [values, setValues] = useState<PasswordInput>(EMPTY);
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const change = useChangePassword(userId);
  const problems = checked ? passwordChangeProblems(values) : {};

  const set = (field: keyof PasswordInput) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setRefusal(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (change.isPending || Object.keys(passwordChangeProblems(values)).length) return;
    setRefusal(null);
    change.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        setChecked(false);
        setSavedAt(Date.now());
      },
      onError: (error) => setRefusal(failureMessage(error, t('admin.settings.passwordFailed'))),
    });
  };

  const field = (name: keyof PasswordInput, autoComplete: string, max: number) => (props: object) => (
    <input
      {...props}
      className="input"
      type="password"
      dir="ltr"
      autoComplete={autoComplete}
      maxLength={max}
      value={values[name]}
      onChange={(event) => set(name)(event.target.value)}
      data-testid={`settings-${name}`}
    />
  );

  return (
    <form className="admin-settings-form" onSubmit={submit} noValidate data-testid="settings-password">
      <h2 className="admin-panel-title">{t('admin.settings.password.title')}</h2>
      <p className="admin-settings-intro">{t('admin.settings.password.intro')}</p>
      <div role="alert" className="admin-settings-error" data-testid="settings-password-error">
        {refusal && (
          <>
            <AlertIcon size={18} />
            <span>{refusal}</span>
          </>
        )}
      </div>
      <Field
        label={t('admin.settings.password.current')}
        required
        error={problems.currentPassword && problemText(t, problems.currentPassword)}
      >
        {field('currentPassword', 'current-password', 1000)}
      </Field>
      <Field
        label={t('admin.settings.password.new')}
        required
        // The minimum, said once: as the hint, or as the error when it is not met.
        hint={problems.newPassword ? undefined : t('admin.settings.password.newHint', { min: PASSWORD_MIN })}
        error={problems.newPassword && problemText(t, problems.newPassword)}
      >
        {field('newPassword', 'new-password', 200)}
      </Field>
      <Field
        label={t('admin.settings.password.confirm')}
        required
        error={problems.confirmPassword && problemText(t, problems.confirmPassword)}
      >
        {field('confirmPassword', 'new-password', 200)}
      </Field>
      <SaveBar busy={change.isPending} savedAt={savedAt} testId="settings-password" />
    </form>
  );
}
