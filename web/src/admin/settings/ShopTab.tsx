import { useQuery } from '@tanstack/react-query';
import { SHOP_LANGUAGES, SHOP_LEGAL_LIMITS, type ShopLegalText } from '@shared/shop/constants';
import type { ShopLanguage, ShopLegal } from '@shared/shop/types';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { fieldTexts } from '../../i18n/error-text';
import { conflictOf } from '../api/client';
import { shopLegalAdminQuery, useSaveShopLegal } from '../api/shop';
import { useAdminText, type AdminMessageId } from '../i18n';
import { ListError } from '../ui/list/ListError';
import { Tabs } from '../ui/Tabs';
import { Field, SaveBar } from './fields';

// Settings › Shop identity (docs/product.md#legal-information): what the store's footer and its
// /legal page show, shop-wide (not the admin's own settings). Saved whole with the version shown.

type LineField = 'legalName' | 'rc' | 'nif' | 'phone' | 'email';

const LINES: { field: LineField; label: AdminMessageId; dir: 'auto' | 'ltr'; type?: string; hint?: AdminMessageId }[] =
  [
    { field: 'legalName', label: 'admin.settings.shop.legalName', dir: 'auto' },
    { field: 'rc', label: 'admin.settings.shop.rc', dir: 'ltr', hint: 'admin.settings.shop.rcHint' },
    { field: 'nif', label: 'admin.settings.shop.nif', dir: 'ltr', hint: 'admin.settings.shop.nifHint' },
    { field: 'phone', label: 'admin.settings.shop.phone', dir: 'ltr', type: 'tel' },
    { field: 'email', label: 'admin.settings.shop.email', dir: 'ltr', type: 'email' },
  ];

const LANGUAGE_TAB: Record<ShopLanguage, AdminMessageId> = {
  ar: 'admin.settings.shop.language.ar',
  fr: 'admin.settings.shop.language.fr',
  en: 'admin.settings.shop.language.en',
};

export function ShopTab() {
  const t = useAdminText();
  const query = useQuery(shopLegalAdminQuery());
  if (query.data) return <ShopForm legal={query.data.legal} version={query.data.version} />;
  if (query.isError)
    return (
      <ListError text={t('admin.settings.shop.loadFailed')} onRetry={() => void query.refetch()} testId="shop-error" />
    );
  return <div className="skeleton skeleton-line admin-settings-skeleton-field" role="status" aria-busy="true" />;
}

function ShopForm({ legal, version }: { legal: ShopLegal; version: number }) {
  const t = useAdminText();
  const intl = useIntl();
  const save = useSaveShopLegal();
  // What the admin typed, over what the server holds (null: nothing typed since the last save).
  const [draft, setDraftState] = useState<ShopLegal | null>(null);
  // The version the typing started from: a save by another admin since (shown here live) is the conflict dialog,
  // never overwritten.
  const [draftVersion, setDraftVersion] = useState(version);
  const setDraft = (next: ShopLegal | null) => {
    if (next && !draft) setDraftVersion(version);
    setDraftState(next);
  };
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [language, setLanguage] = useState<ShopLanguage>('ar');
  const values = draft ?? legal;
  const problems = fieldTexts(intl, save.error);
  const set = (field: LineField | 'address') => (value: string) => setDraft({ ...values, [field]: value });
  const setText = (text: ShopLegalText, value: string) =>
    setDraft({ ...values, [text]: { ...values[text], [language]: value } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { legal: values, version: draft ? draftVersion : version },
      {
        onSuccess: () => {
          setDraft(null);
          setSavedAt(Date.now());
        },
        // Saved elsewhere meanwhile: the shared dialog offers to reload; the form then shows that save.
        onError: (error) => conflictOf(error) && setDraft(null),
      },
    );
  };

  return (
    <form className="admin-settings-form" onSubmit={submit} noValidate data-testid="settings-shop">
      <h2 className="admin-panel-title">{t('admin.settings.shop.title')}</h2>
      <p className="admin-settings-intro">{t('admin.settings.shop.intro')}</p>
      {LINES.map(({ field, label, dir, type, hint }) => (
        <Field key={field} label={t(label)} hint={hint && t(hint)} error={problems[field]}>
          {(props) => (
            <input
              {...props}
              className="input"
              type={type ?? 'text'}
              dir={dir}
              maxLength={SHOP_LEGAL_LIMITS[field]}
              value={values[field]}
              onChange={(event) => set(field)(event.target.value)}
              data-testid={`shop-${field}`}
            />
          )}
        </Field>
      ))}
      <Field label={t('admin.settings.shop.address')} error={problems.address}>
        {(props) => (
          <textarea
            {...props}
            className="input"
            dir="auto"
            rows={3}
            maxLength={SHOP_LEGAL_LIMITS.address}
            value={values.address}
            onChange={(event) => set('address')(event.target.value)}
            data-testid="shop-address"
          />
        )}
      </Field>
      <Tabs
        label={t('admin.settings.shop.languages')}
        tabs={SHOP_LANGUAGES.map((key) => ({ key, label: t(LANGUAGE_TAB[key]) }))}
        selected={language}
        onSelect={setLanguage}
        testId="shop-texts"
      >
        <div className="admin-shop-texts">
          {(['terms', 'refunds'] as const).map((text) => (
            <Field
              key={`${text}-${language}`}
              label={t(text === 'terms' ? 'admin.settings.shop.terms' : 'admin.settings.shop.refunds', {
                language: t(LANGUAGE_TAB[language]),
              })}
              error={problems[`${text}.${language}`]}
            >
              {(props) => (
                <textarea
                  {...props}
                  className="input admin-shop-text"
                  dir="auto"
                  lang={language}
                  rows={8}
                  maxLength={SHOP_LEGAL_LIMITS[text]}
                  value={values[text][language]}
                  onChange={(event) => setText(text, event.target.value)}
                  data-testid={`shop-${text}-${language}`}
                />
              )}
            </Field>
          ))}
        </div>
      </Tabs>
      <SaveBar busy={save.isPending} savedAt={savedAt} testId="settings-shop" />
    </form>
  );
}
