import { useRouter } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Toaster } from '../ui/Toaster';
import { Footer } from './Footer';
import { Header } from './Header';

export const MAIN_CONTENT_ID = 'main-content';

/** How long what is to take the focus (a new page's heading, a saved record) may take to be drawn before focus stops waiting for it. */
const DRAWN_WAIT_MS = 5000;

/** Puts focus on the page's heading (made focusable for it) without scrolling; false while there is none. */
export function focusPageHeading(): boolean {
  const heading = document.getElementById(MAIN_CONTENT_ID)?.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * Puts focus on what `find` names once it is drawn (a page's data, a saved record, may come a moment
 * later), waiting at most DRAWN_WAIT_MS; `find` may also say the user already chose a place (true).
 * Gives back how to stop waiting.
 */
export function focusWhenShown(find: () => HTMLElement | true | null): () => void {
  const focus = () => {
    const found = find();
    if (found === null) return false;
    if (found !== true) found.focus({ preventScroll: true });
    return true;
  };
  if (focus()) return () => {};
  const observer = new MutationObserver(() => {
    if (focus()) stop();
  });
  const timer = window.setTimeout(() => stop(), DRAWN_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/** Puts focus on the page's heading, once it is drawn, so a screen reader starts reading the new page there. */
function focusHeadingWhenShown(): () => void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return () => {};
  return focusWhenShown(() => {
    // The shopper already went into the page (a field, a button): theirs stands.
    const active = document.activeElement;
    if (active && active !== main && main.contains(active)) return true;
    return focusPageHeading() ? true : null;
  });
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
