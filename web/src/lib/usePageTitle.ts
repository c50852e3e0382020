import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/** Sets the document title: "{title} · Nova IPTV", or the brand and tagline without a title. */
export function usePageTitle(title?: string | null): void {
  const intl = useIntl();
  useEffect(() => {
    const brand = intl.formatMessage({ id: 'brand.name' });
    document.title = title ? `${title} · ${brand}` : `${brand} · ${intl.formatMessage({ id: 'brand.tagline' })}`;
  }, [intl, title]);
}
