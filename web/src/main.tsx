import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isNotFound } from './api/http';
import { I18nProvider } from './i18n/I18nProvider';
import { createLanguageStore } from './i18n/language-store';
import { DEFAULT_STORE_LOCALE, STORE_LANGUAGE_KEY, languageInAddress } from './i18n/locales';
import { createAppRouter } from './router';
import { themeStore } from './theme/useTheme';
import './styles/index.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // One retry for a network hiccup; a 404 is an answer, not a failure.
      retry: (failures, error) => failures < 1 && !isNotFound(error),
      refetchOnWindowFocus: false,
    },
  },
});

const router = createAppRouter(queryClient);

/** The back office (web/src/admin) keeps its own theme and live connection. */
const inBackOffice = /^\/admin(\/|$)/.test(window.location.pathname);

async function start() {
  // Applies the theme (the inline script in index.html already did, this keeps it in sync).
  if (!inBackOffice) themeStore();
  // The language's messages and the first page's code and data load side by side.
  const [language] = await Promise.all([
    createLanguageStore({
      storageKey: STORE_LANGUAGE_KEY,
      defaultLocale: DEFAULT_STORE_LOCALE,
      asked: inBackOffice ? null : languageInAddress(window.location.search),
    }),
    router.load().catch(() => undefined), // a failure shows in the page's own error view
  ]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root element missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nProvider store={language}>
          <RouterProvider router={router} />
        </I18nProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  if (!inBackOffice) startLiveUpdatesWhenIdle();
}

/**
 * Opens the live catalogue connection once the page has loaded and the browser is idle: it is not
 * needed for the first paint, and its code (Socket.IO client) is a separate chunk.
 */
function startLiveUpdatesWhenIdle() {
  const connect = () => {
    import('./live/catalogue-live')
      .then(({ connectCatalogueLive }) => connectCatalogueLive(queryClient))
      .catch((error: unknown) => console.warn('Live updates unavailable', error));
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(connect, { timeout: 2000 }) : setTimeout(connect, 300);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Last resort when the app cannot start (e.g. a chunk failed to download): say so, in all three languages. */
function showStartupError(error: unknown) {
  console.error(error);
  const container = document.getElementById('root');
  if (!container) return;
  container.innerHTML = '';
  const box = document.createElement('div');
  box.className = 'container page-message';
  box.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.className = 'page-message-text';
  text.textContent =
    'تعذّر تحميل المتجر. يرجى إعادة تحميل الصفحة. · Impossible de charger la boutique, veuillez recharger la page. · The store could not load, please reload the page.';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-primary';
  button.textContent = '↻';
  button.setAttribute('aria-label', 'Reload');
  button.addEventListener('click', () => window.location.reload());
  box.append(text, button);
  container.append(box);
}

start().catch(showStartupError);
