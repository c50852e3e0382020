import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MenuIcon } from '../ui/icons';
import { CartButton } from './CartButton';
import { LanguageMenu } from './LanguageMenu';
import { LogoMark } from './Logo';
import { SIDEBAR_ID, Sidebar } from './Sidebar';
import { ThemeToggle } from './ThemeToggle';
import { paths } from '../../lib/paths';

export function Header() {
  const intl = useIntl();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="site-header">
      <div className="container header-inner">
        <button
          type="button"
          className="icon-btn menu-btn"
          aria-label={intl.formatMessage({ id: 'sidebar.open' })}
          aria-expanded={menuOpen}
          aria-controls={SIDEBAR_ID}
          onClick={() => setMenuOpen(true)}
          data-testid="sidebar-open"
        >
          <MenuIcon />
        </button>

        <Link to={paths.home} className="brand" aria-label={intl.formatMessage({ id: 'brand.homeLink' })}>
          <LogoMark />
          <span className="brand-name">
            <FormattedMessage id="brand.name" />
          </span>
        </Link>

        <nav aria-label={intl.formatMessage({ id: 'nav.label' })} className="header-nav">
          <Link to={paths.home} className="nav-link" activeOptions={{ exact: true }}>
            <FormattedMessage id="nav.home" />
          </Link>
          <Link to={paths.store} className="nav-link">
            <FormattedMessage id="nav.store" />
          </Link>
        </nav>

        <div className="header-actions">
          <LanguageMenu />
          <ThemeToggle />
          <CartButton />
        </div>
      </div>
      <Sidebar open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
