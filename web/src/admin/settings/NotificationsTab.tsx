import type { Settings } from '@shared/identity/types';
import type { FormEvent } from 'react';
import { useAdminText, type AdminMessageId } from '../i18n';
import { SaveBar, Switch } from './fields';
import type { SectionTabProps } from './ProfileTab';

type Notifications = Settings['notifications'];

/** Each switch: its name and what it decides (by default all on but product updates). */
const SWITCHES: { key: keyof Notifications; label: AdminMessageId; hint: AdminMessageId }[] = [
  {
    key: 'emailNotifications',
    label: 'admin.settings.notifications.email',
    hint: 'admin.settings.notifications.emailHint',
  },
  {
    key: 'orderUpdates',
    label: 'admin.settings.notifications.orders',
    hint: 'admin.settings.notifications.ordersHint',
  },
  {
    key: 'newCustomers',
    label: 'admin.settings.notifications.customers',
    hint: 'admin.settings.notifications.customersHint',
  },
  {
    key: 'productUpdates',
    label: 'admin.settings.notifications.products',
    hint: 'admin.settings.notifications.productsHint',
  },
];

/** Notifications: which app notifications this admin gets; e-mail is kept but none is sent. */
export function NotificationsTab({ values, onChange, onSave, busy, savedAt }: SectionTabProps<Notifications>) {
  const t = useAdminText();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <form className="admin-settings-form" onSubmit={submit} data-testid="settings-notifications">
      <h2 className="admin-panel-title">{t('admin.settings.notifications.title')}</h2>
      <p className="admin-settings-intro">{t('admin.settings.notifications.intro')}</p>
      <div className="admin-switches">
        {SWITCHES.map(({ key, label, hint }) => (
          <Switch
            key={key}
            label={t(label)}
            hint={t(hint)}
            checked={values[key]}
            onChange={(checked) => onChange({ ...values, [key]: checked })}
            testId={`settings-switch-${key}`}
          />
        ))}
      </div>
      <SaveBar busy={busy} savedAt={savedAt} testId="settings-notifications" />
    </form>
  );
}
