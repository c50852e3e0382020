import { parseStoredChoice, readStored, writeStored } from '../lib/storage';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** localStorage key of the storefront's theme (the admin area keeps its own key). */
export const THEME_KEY = 'theme';

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** A stored theme, or null when nothing valid is stored (anything but light/dark is ignored). */
export function parseStoredTheme(raw: string | null): Theme | null {
  return parseStoredChoice(raw, isTheme);
}

/** Stored value first, else dark when the system prefers dark, else light. */
export function resolveTheme(stored: Theme | null, systemPrefersDark: boolean): Theme {
  return stored ?? (systemPrefersDark ? 'dark' : 'light');
}

export function applyThemeToDocument(theme: Theme): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

export interface ThemeStore {
  getTheme(): Theme;
  subscribe(listener: () => void): () => void;
  setTheme(theme: Theme): void;
  toggle(): void;
}

/**
 * The browser's theme: restores the stored choice, otherwise follows the system preference (also
 * live, until the shopper picks a theme, which is then saved).
 */
export function createThemeStore(storageKey: string = THEME_KEY): ThemeStore {
  const media =
    typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  let chosen = parseStoredTheme(readStored(storageKey));
  let theme = resolveTheme(chosen, media?.matches ?? false);
  applyThemeToDocument(theme);
  const listeners = new Set<() => void>();

  const update = (next: Theme) => {
    if (next === theme) return;
    theme = next;
    applyThemeToDocument(theme);
    listeners.forEach((listener) => listener());
  };

  media?.addEventListener('change', (event) => {
    if (!chosen) update(event.matches ? 'dark' : 'light');
  });

  const store: ThemeStore = {
    getTheme: () => theme,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setTheme(next) {
      chosen = next;
      writeStored(storageKey, next);
      update(next);
    },
    toggle() {
      store.setTheme(theme === 'dark' ? 'light' : 'dark');
    },
  };
  return store;
}
