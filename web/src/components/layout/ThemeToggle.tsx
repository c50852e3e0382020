import { useIntl } from 'react-intl';
import type { ThemeStore } from '../../theme/theme';
import { useTheme } from '../../theme/useTheme';
import { MoonIcon, SunIcon } from '../ui/icons';

export function ThemeToggle({ store }: { store?: ThemeStore }) {
  const { theme, toggleTheme } = useTheme(store);
  const intl = useIntl();
  const label = intl.formatMessage({ id: theme === 'dark' ? 'theme.switchToLight' : 'theme.switchToDark' });
  return (
    <button
      type="button"
      className="icon-btn"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
