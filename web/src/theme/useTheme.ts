import { useSyncExternalStore } from 'react';
import { createThemeStore, type Theme, type ThemeStore } from './theme';

let store: ReturnType<typeof createThemeStore> | null = null;

/** The app-wide theme store, created on first use (it reads localStorage and matchMedia). */
export function themeStore() {
  store ??= createThemeStore();
  return store;
}

/** The storefront's theme, or the one of `store` (the admin area has its own). */
export function useTheme(store?: ThemeStore): {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
} {
  const s = store ?? themeStore();
  const theme = useSyncExternalStore(s.subscribe, s.getTheme, () => 'light' as Theme);
  return { theme, setTheme: s.setTheme, toggleTheme: s.toggle };
}
