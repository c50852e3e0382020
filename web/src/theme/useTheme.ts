import { useSyncExternalStore } from 'react';
import { createThemeStore, type Theme } from './theme';

let store: ReturnType<typeof createThemeStore> | null = null;

/** The app-wide theme store, created on first use (it reads localStorage and matchMedia). */
export function themeStore() {
  store ??= createThemeStore();
  return store;
}

export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void; toggleTheme: () => void } {
  const s = themeStore();
  const theme = useSyncExternalStore(s.subscribe, s.getTheme, () => 'light' as Theme);
  return { theme, setTheme: s.setTheme, toggleTheme: s.toggle };
}
