import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Toaster } from '../ui/Toaster';
import { Footer } from './Footer';
import { Header } from './Header';

export const MAIN_CONTENT_ID = 'main-content';

/** Scrolls to the top of the page whenever the route (path) changes. */
export function ScrollToTop() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}

export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      <FormattedMessage id="a11y.skipToContent" />
    </a>
  );
}

/** The storefront chrome around every public page: header, sidebar, main content, footer. */
export function StoreLayout({ children }: { children: ReactNode }) {
  return (
    <div className="app-shell">
      <SkipLink />
      <Header />
      <main id={MAIN_CONTENT_ID} className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <ScrollToTop />
      <Toaster />
    </div>
  );
}
