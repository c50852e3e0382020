import { useRouter } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Toaster } from '../ui/Toaster';
import { Footer } from './Footer';
import { Header } from './Header';

export const MAIN_CONTENT_ID = 'main-content';

/** How long a new page may take to draw its heading (its data loading) before focus stops waiting for it. */
const HEADING_WAIT_MS = 5000;

/** Puts focus on the page's heading (made focusable for it) without scrolling; false while there is none. */
export function focusPageHeading(): boolean {
  const heading = document.getElementById(MAIN_CONTENT_ID)?.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/** Puts focus on the page's heading, once it is drawn, so a screen reader starts reading the new page there. */
function focusHeadingWhenShown(): () => void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return () => {};
  const focus = () => {
    // The shopper already went into the page (a field, a button): theirs stands.
    const active = document.activeElement;
    if (active && active !== main && main.contains(active)) return true;
    return focusPageHeading();
  };
  if (focus()) return () => {};
  const observer = new MutationObserver(() => {
    if (focus()) stop();
  });
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/**
 * A new page (the path changed, not only its search): back to the top, and focus on its heading (docs/product.md#accessibility).
 * The first page of a visit keeps the browser's own start.
 */
export function NewPageFocus() {
  const router = useRouter();
  useEffect(() => {
    let stopWaiting = () => {};
    // The path last given focus: a render of the same page (a search change, a reload of its data) keeps focus where it is.
    let shownPath = router.state.location.pathname;
    // Rendered: the new page's own content is in place (not the one before it, still shown while it loaded).
    const unsubscribe = router.subscribe('onRendered', (event) => {
      if (event.toLocation.pathname === shownPath) return;
      shownPath = event.toLocation.pathname;
      stopWaiting();
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      stopWaiting = focusHeadingWhenShown();
    });
    return () => {
      unsubscribe();
      stopWaiting();
    };
  }, [router]);
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
      <NewPageFocus />
      <Toaster />
    </div>
  );
}
