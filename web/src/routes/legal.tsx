import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { hasShopLegal, shopTextIn } from '@shared/shop/constants';
import type { ShopLanguage, ShopLegal, ShopTexts } from '@shared/shop/types';
import { FormattedMessage, useIntl } from 'react-intl';
import { shopLegalQuery } from '../api/shop';
import { PageHeader } from '../components/catalogue/PageHeader';
import { StatePanel } from '../components/ui/StatePanel';
import { ShieldIcon } from '../components/ui/icons';
import { useLanguage } from '../i18n/I18nProvider';
import { usePageTitle } from '../lib/usePageTitle';

// /legal (docs/product.md#legal-information): the shop's legal identity, its terms of sale and its
// refund policy, as Algerian e-commerce law (18-05) asks. Each text in the shopper's language, else
// French, Arabic, English (the page says which it shows); only what is set is shown.

export const Route = createFileRoute('/legal')({
  component: LegalPage,
});

function LegalPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'legal.title' }));
  const query = useQuery(shopLegalQuery());
  const legal = query.data?.legal;
  return (
    <>
      <PageHeader title={<FormattedMessage id="legal.title" />} />
      <div className="container page-body legal-page" data-testid="legal-page">
        {query.isError ? (
          <StatePanel
            tone="error"
            testId="legal-error"
            icon={<ShieldIcon size={28} />}
            title={<FormattedMessage id="legal.loadFailed" />}
            actions={
              <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
                <FormattedMessage id="legal.retry" />
              </button>
            }
          />
        ) : !legal ? (
          <div className="skeleton skeleton-block" role="status" aria-busy="true" />
        ) : hasShopLegal(legal) ? (
          <LegalContent legal={legal} />
        ) : (
          <StatePanel
            testId="legal-empty"
            icon={<ShieldIcon size={28} />}
            title={<FormattedMessage id="legal.empty" />}
            text={<FormattedMessage id="legal.emptyHint" />}
          />
        )}
      </div>
    </>
  );
}

function LegalContent({ legal }: { legal: ShopLegal }) {
  const intl = useIntl();
  const identity = [
    { id: 'legalName', label: 'legal.legalName', value: legal.legalName, dir: 'auto' },
    { id: 'rc', label: 'legal.rc', value: legal.rc, dir: 'ltr' },
    { id: 'nif', label: 'legal.nif', value: legal.nif, dir: 'ltr' },
    { id: 'address', label: 'legal.address', value: legal.address, dir: 'auto' },
    { id: 'phone', label: 'legal.phone', value: legal.phone, dir: 'ltr' },
    { id: 'email', label: 'legal.email', value: legal.email, dir: 'ltr' },
  ].filter((line) => line.value.trim());
  return (
    <>
      {identity.length > 0 && (
        <section className="card legal-section" aria-labelledby="legal-identity" data-testid="legal-identity">
          <h2 id="legal-identity" className="legal-heading">
            <FormattedMessage id="legal.identity" />
          </h2>
          <dl className="legal-identity">
            {identity.map((line) => (
              <div key={line.id} className="legal-identity-row">
                <dt>{intl.formatMessage({ id: line.label as 'legal.rc' })}</dt>
                {/* The value isolated in its own direction; the row keeps the page's (aligned with its label). */}
                <dd className="legal-text" data-testid={`legal-${line.id}`}>
                  <bdi dir={line.dir}>
                    {line.id === 'email' ? <a href={`mailto:${line.value}`}>{line.value}</a> : line.value}
                  </bdi>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <LegalText id="terms" title="legal.terms" texts={legal.terms} />
      <LegalText id="refunds" title="legal.refunds" texts={legal.refunds} />
    </>
  );
}

const LANGUAGE_NAME: Record<ShopLanguage, 'legal.language.ar' | 'legal.language.fr' | 'legal.language.en'> = {
  ar: 'legal.language.ar',
  fr: 'legal.language.fr',
  en: 'legal.language.en',
};

/** One free text in the shopper's language or the first fallback written; nothing (no heading) when none is. */
function LegalText({ id, title, texts }: { id: string; title: 'legal.terms' | 'legal.refunds'; texts: ShopTexts }) {
  const intl = useIntl();
  const { locale } = useLanguage();
  const shown = shopTextIn(texts, locale);
  if (!shown) return null;
  return (
    <section className="card legal-section" aria-labelledby={`legal-${id}-title`} data-testid={`legal-${id}`}>
      <h2 id={`legal-${id}-title`} className="legal-heading">
        <FormattedMessage id={title} />
      </h2>
      {shown.language !== locale && (
        <p className="legal-fallback" data-testid={`legal-${id}-fallback`}>
          <FormattedMessage
            id="legal.shownIn"
            values={{ language: intl.formatMessage({ id: LANGUAGE_NAME[shown.language] }) }}
          />
        </p>
      )}
      <div className="legal-text" dir="auto" lang={shown.language} data-testid={`legal-${id}-text`}>
        {shown.text}
      </div>
    </section>
  );
}
