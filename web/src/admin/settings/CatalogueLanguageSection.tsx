import { CATALOGUE_LANGUAGES } from '@shared/catalogue/constants';
import type { CatalogueLanguageView } from '@shared/catalogue/types';
import type { Language } from '@shared/identity/constants';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { conflictOf } from '../api/client';
import { categoryKeys, productKeys, shopKeys } from '../api/keys';
import { CATALOGUE_LANGUAGE_PATH, catalogueLanguageQuery } from '../api/catalogue-language';
import { useVersionedWrite } from '../api/versioned';
import { useAdminText } from '../i18n';
import { ListError } from '../ui/list/ListError';
import { Field, SaveBar } from './fields';

/**
 * Settings › Catalogue languages (docs/product.md#shop-settings): the catalogue's default language, the shop's and
 * not the admin's. Every product and category must have its text in it; a shopper whose language
 * an item lacks reads it in this one. Saved with the version shown (If-Match); the hint says how
 * many items lack the language chosen.
 */
export function CatalogueLanguageSection() {
  const t = useAdminText();
  const shop = useQuery(catalogueLanguageQuery());
  const [choice, setChoice] = useState<Language | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const save = useSaveCatalogueLanguage();
  if (!shop.data)
    return shop.isError ? (
      <ListError
        text={t('admin.settings.catalogueLanguage.loadFailed')}
        onRetry={() => void shop.refetch()}
        testId="settings-catalogue-error"
      />
    ) : (
      <p role="status">{t('admin.settings.loading')}</p>
    );
  const { defaultLanguage, version, missing } = shop.data;
  const chosen = choice ?? defaultLanguage;
  const lacking = missing[chosen];
  const name = (language: Language) => t(`admin.language.${language}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { defaultLanguage: chosen, version },
      {
        onSuccess: () => {
          setChoice(null);
          setSavedAt(Date.now());
        },
        onError: (error) => conflictOf(error) && setChoice(null),
      },
    );
  };
  return (
    <form className="admin-settings-form" onSubmit={submit} data-testid="settings-catalogue">
      <h2 className="admin-panel-title">{t('admin.settings.catalogueLanguage.title')}</h2>
      <p className="admin-settings-intro">{t('admin.settings.catalogueLanguage.intro')}</p>
      <Field
        label={t('admin.settings.catalogueLanguage.language')}
        hint={
          lacking.products + lacking.categories === 0
            ? t('admin.settings.catalogueLanguage.missingNone', { language: name(chosen) })
            : t('admin.settings.catalogueLanguage.missing', { language: name(chosen), ...lacking })
        }
      >
        {(props) => (
          <select
            {...props}
            className="select"
            value={chosen}
            onChange={(event) => setChoice(event.target.value as Language)}
            data-testid="settings-catalogue-language"
          >
            {CATALOGUE_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {name(language)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <SaveBar busy={save.isPending} savedAt={savedAt} testId="settings-catalogue" />
    </form>
  );
}

/** `PUT /api/admin/shop/language`: the version shown as If-Match (none before the first choice: there is no version yet). */
function useSaveCatalogueLanguage() {
  const t = useAdminText();
  return useVersionedWrite<{ defaultLanguage: Language; version: number }, CatalogueLanguageView>({
    request: ({ defaultLanguage, version }) => ({
      path: CATALOGUE_LANGUAGE_PATH,
      method: 'PUT',
      body: { defaultLanguage },
      version: version >= 0 ? version : undefined,
    }),
    // Every item's answer names the default language: the lists and forms read it again.
    invalidates: () => [shopKeys.language, productKeys.all, categoryKeys.all],
    failure: () => t('admin.settings.saveFailed'),
  });
}
