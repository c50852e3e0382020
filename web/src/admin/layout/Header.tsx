import { LanguageMenu } from '../../components/layout/LanguageMenu';
import { ThemeToggle } from '../../components/layout/ThemeToggle';
import { useAdminText } from '../i18n';
import type { LiveStatus } from '../live/connect';
import type { AdminUser } from '../session/session';
import { adminTheme } from '../theme';
import { LogoutIcon, SidebarIcon, UserIcon } from '../ui/icons';
import { ConnectionIndicator } from './ConnectionIndicator';
import { ADMIN_SIDEBAR_ID } from './Sidebar';

interface HeaderProps {
  user: AdminUser;
  live: LiveStatus;
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  onLogout: () => void;
}

export function Header({ user, live, sidebarCollapsed, onToggleSidebar, onLogout }: HeaderProps) {
  const t = useAdminText();
  return (
    <header className="admin-header">
      <button
        type="button"
        className="icon-btn"
        aria-controls={ADMIN_SIDEBAR_ID}
        aria-expanded={!sidebarCollapsed}
        aria-label={t(sidebarCollapsed ? 'admin.nav.expand' : 'admin.nav.collapse')}
        title={t(sidebarCollapsed ? 'admin.nav.expand' : 'admin.nav.collapse')}
        onClick={onToggleSidebar}
        data-testid="sidebar-toggle"
      >
        <SidebarIcon />
      </button>
      <ConnectionIndicator status={live} />
      <div className="admin-header-actions">
        <LanguageMenu />
        <ThemeToggle store={adminTheme()} />
        <div className="admin-user" title={t('admin.header.user', { name: user.name, username: user.username })}>
          <span className="admin-user-avatar" aria-hidden="true">
            <UserIcon size={18} />
          </span>
          <span className="admin-user-text" data-testid="admin-user">
            <span className="admin-user-name" dir="auto">
              {user.name}
            </span>
            <span className="admin-user-username" dir="ltr">
              @{user.username}
            </span>
          </span>
        </div>
        <button type="button" className="btn btn-ghost btn-sm admin-logout" onClick={onLogout} data-testid="logout">
          <LogoutIcon size={18} />
          <span className="admin-logout-label">{t('admin.header.logout')}</span>
        </button>
      </div>
    </header>
  );
}
