import { createThemeStore, type ThemeStore } from '../theme/theme';

/** localStorage key of the admin's theme, apart from the store's (index.html reads it too). */
export const ADMIN_THEME_KEY = 'admin-theme';

let store: ThemeStore | undefined;

/** The admin's theme: stored choice, else the system's, like the store's but its own. */
export function adminTheme(): ThemeStore {
  store ??= createThemeStore(ADMIN_THEME_KEY);
  return store;
}
