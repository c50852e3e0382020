import { Link } from '@tanstack/react-router';
import { LogoMark } from '../../components/layout/Logo';
import { StoreIcon } from '../../components/ui/icons';
import { useAdminText } from '../i18n';
import { ADMIN_NAV } from './nav';

export const ADMIN_SIDEBAR_ID = 'admin-sidebar';

/**
 * The back office's menu. Collapsed (icons only, as on a tablet) the labels stay for screen readers
 * and show as tooltips.
 */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const t = useAdminText();
  return (
    // The column takes the page's height; the menu inside stays in view as the page scrolls.
    <div className="admin-sidebar-column">
      <aside id={ADMIN_SIDEBAR_ID} className="admin-sidebar" data-collapsed={collapsed} data-testid="admin-sidebar">
        <Link to="/admin" className="admin-brand" title={collapsed ? t('admin.brand') : undefined}>
          <LogoMark size={34} />
          <span className="admin-brand-text">
            <span className="brand-name">Nova IPTV</span>
            <span className="admin-brand-sub">{t('admin.brand')}</span>
          </span>
        </Link>
        <nav aria-label={t('admin.nav.label')} className="admin-nav">
          <ul>
            {ADMIN_NAV.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="admin-nav-link"
                  activeOptions={{ exact: item.exact, includeSearch: false }}
                  title={collapsed ? t(item.label) : undefined}
                >
                  {item.icon}
                  <span className="admin-nav-label">{t(item.label)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* The store is its own app: a full page load gives it its own language and theme. */}
        <a href="/" className="admin-nav-link admin-store-link" title={collapsed ? t('admin.nav.store') : undefined}>
          <StoreIcon />
          <span className="admin-nav-label">{t('admin.nav.store')}</span>
        </a>
      </aside>
    </div>
  );
}
