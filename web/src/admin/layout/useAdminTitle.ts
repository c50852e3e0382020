import { useEffect } from 'react';
import { useAdminText } from '../i18n';

/** The document title of a back-office page: "{page} · Back office". */
export function useAdminTitle(page: string): void {
  const t = useAdminText();
  useEffect(() => {
    document.title = t('admin.pageTitle', { page });
  }, [t, page]);
}
