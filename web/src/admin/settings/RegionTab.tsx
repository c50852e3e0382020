import { DATE_FORMATS, LANGUAGES, TIMEZONES, type Timezone } from '@shared/identity/constants';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { LANGUAGE_NAMES, type Locale } from '../../i18n/locales';
import { useAdminText, type AdminMessageId } from '../i18n';
import { adminDates, DATE_FORMAT_NAMES } from '../ui/dates';
import { Field, SaveBar } from './fields';
import type { SectionTabProps } from './ProfileTab';
import type { Region } from './settings-draft';

/** Each timezone's place, in the admin's language. */
const PLACES: Record<Timezone, AdminMessageId> = {
  'Africa/Algiers': 'admin.settings.region.place.algiers',
  'Europe/Paris': 'admin.settings.region.place.paris',
  'Europe/London': 'admin.settings.region.place.london',
  'America/New_York': 'admin.settings.region.place.newYork',
};

/**
 * Language & Region: the back office's language (one choice with the header's menu, saved for
 * every device), the timezone and the date format of every date shown, with an example of both.
 */
export function RegionTab({
  values,
  onChange,
  onSave,
  busy,
  savedAt,
  languageChosen,
  now,
}: SectionTabProps<Region> & { languageChosen: boolean; now: Date }) {
  const t = useAdminText();
  const { locale } = useIntl();
  const set = <K extends keyof Region>(field: K, value: Region[K]) => onChange({ ...values, [field]: value });
  const example = (format: Region['dateFormat']) => adminDates(locale, values.timezone, format).date(now);
  const preview = adminDates(locale, values.timezone, values.dateFormat).dateTime(now, { weekday: true });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <form className="admin-settings-form" onSubmit={submit} data-testid="settings-region">
      <h2 className="admin-panel-title">{t('admin.settings.region.title')}</h2>
      <p className="admin-settings-intro">{t('admin.settings.region.intro')}</p>
      <Field
        label={t('admin.settings.region.language')}
        hint={t(languageChosen ? 'admin.settings.region.languageHint' : 'admin.settings.region.languageNotChosen')}
      >
        {(props) => (
          <select
            {...props}
            className="select"
            value={values.language}
            onChange={(event) => set('language', event.target.value as Locale)}
            data-testid="settings-language"
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('admin.settings.region.timezone')}>
        {(props) => (
          <select
            {...props}
            className="select"
            value={values.timezone}
            onChange={(event) => set('timezone', event.target.value as Timezone)}
            data-testid="settings-timezone"
          >
            {TIMEZONES.map((timezone) => (
              <option key={timezone} value={timezone}>
                {t('admin.settings.region.timezoneOption', { place: t(PLACES[timezone]), zone: timezone })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('admin.settings.region.dateFormat')}>
        {(props) => (
          <select
            {...props}
            className="select"
            value={values.dateFormat}
            onChange={(event) => set('dateFormat', event.target.value as Region['dateFormat'])}
            data-testid="settings-date-format"
          >
            {DATE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {t('admin.settings.region.dateFormatOption', {
                  format: t(DATE_FORMAT_NAMES[format]),
                  example: example(format),
                })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <p className="admin-settings-preview" data-testid="settings-preview">
        {t('admin.settings.region.preview', { example: preview })}
      </p>
      <SaveBar busy={busy} savedAt={savedAt} testId="settings-region" />
    </form>
  );
}
