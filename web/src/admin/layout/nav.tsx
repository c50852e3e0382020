import type { ReactNode } from 'react';
import { GridIcon } from '../../components/ui/icons';
import type { AdminMessageId } from '../i18n';

/**
 * The sidebar's screens, in SPEC §2's order (Dashboard, Products, Categories, Orders, Customers,
 * Users, Settings). A screen is listed once its route exists: no link leads to a page that is not
 * there.
 */
export const ADMIN_NAV: { to: '/admin'; label: AdminMessageId; icon: ReactNode; exact?: boolean }[] = [
  { to: '/admin', label: 'admin.nav.dashboard', icon: <GridIcon />, exact: true },
];
