import { PROFILE_LIMITS, profileProblems } from '@shared/identity/constants';
import type { Settings } from '@shared/identity/types';
import type { FormEvent } from 'react';
import { useAdminText } from '../i18n';
import { Field, SaveBar } from './fields';
import { problemText } from './settings-text';

export interface SectionTabProps<V> {
  values: V;
  onChange: (values: V) => void;
  onSave: () => void;
  busy: boolean;
  savedAt: number | null;
}

/** Profile: full name (the admin's name everywhere, the header's too), e-mail and phone. */
export function ProfileTab({
  values,
  onChange,
  onSave,
  busy,
  savedAt,
  checked,
}: SectionTabProps<Settings['profile']> & { checked: boolean }) {
  const t = useAdminText();
  // Checked from the first save on, with the rules the server applies.
  const problems = checked ? profileProblems(values) : {};
  const set = (field: keyof Settings['profile']) => (value: string) => onChange({ ...values, [field]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <form className="admin-settings-form" onSubmit={submit} noValidate data-testid="settings-profile">
      <h2 className="admin-panel-title">{t('admin.settings.profile.title')}</h2>
      <p className="admin-settings-intro">{t('admin.settings.profile.intro')}</p>
      <Field
        label={t('admin.settings.profile.name')}
        required
        hint={t('admin.settings.profile.nameHint')}
        error={problems.name && problemText(t, problems.name)}
      >
        {(props) => (
          <input
            {...props}
            className="input"
            type="text"
            dir="auto"
            autoComplete="name"
            maxLength={PROFILE_LIMITS.name}
            value={values.name}
            onChange={(event) => set('name')(event.target.value)}
            data-testid="settings-name"
          />
        )}
      </Field>
      <Field
        label={t('admin.settings.profile.email')}
        error={problems.email && problemText(t, problems.email)}
        hint={t('admin.settings.profile.emailHint')}
      >
        {(props) => (
          <input
            {...props}
            className="input"
            type="email"
            dir="ltr"
            autoComplete="email"
            maxLength={PROFILE_LIMITS.email}
            value={values.email}
            onChange={(event) => set('email')(event.target.value)}
            data-testid="settings-email"
          />
        )}
      </Field>
      <Field label={t('admin.settings.profile.phone')}>
        {(props) => (
          <input
            {...props}
            className="input"
            type="tel"
            dir="ltr"
            autoComplete="tel"
            maxLength={PROFILE_LIMITS.phone}
            value={values.phone}
            onChange={(event) => set('phone')(event.target.value)}
            data-testid="settings-phone"
          />
        )}
      </Field>
      <SaveBar busy={busy} savedAt={savedAt} testId="settings-profile" />
    </form>
  );
}
