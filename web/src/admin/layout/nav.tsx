import type { LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ActivityIcon } from '../activity/ActivityIcon';
import { GridIcon, ReceiptIcon, RefreshIcon } from '../../components/ui/icons';
import type { AdminMessageId } from '../i18n';
import { ContactIcon, DatabaseIcon, FolderIcon, PackageIcon, SettingsIcon, UsersIcon } from '../ui/icons';

/** Any path the router knows, so every screen's entry fits. */
type NavPath = NonNullable<LinkProps['to']>;

/**
 * The sidebar's screens, in their order (docs/product.md#back-office: Dashboard, Products, Categories, Orders, Customers,
 * Users, Settings), with Subscriptions (deliveries and renewals) after Orders, Activity (the audit trail)
 * after Users and Projections (the read models) after it. A screen is listed once its route exists: no
 * link leads to a page that is not there.
 */
export const ADMIN_NAV: { to: NavPath; label: AdminMessageId; icon: ReactNode; exact?: boolean }[] = [
  { to: '/admin', label: 'admin.nav.dashboard', icon: <GridIcon />, exact: true },
  { to: '/admin/products', label: 'admin.nav.products', icon: <PackageIcon /> },
  { to: '/admin/categories', label: 'admin.nav.categories', icon: <FolderIcon /> },
  { to: '/admin/orders', label: 'admin.nav.orders', icon: <ReceiptIcon /> },
  { to: '/admin/subscriptions', label: 'admin.nav.subscriptions', icon: <RefreshIcon /> },
  { to: '/admin/customers', label: 'admin.nav.customers', icon: <ContactIcon /> },
  { to: '/admin/users', label: 'admin.nav.users', icon: <UsersIcon /> },
  { to: '/admin/activity', label: 'admin.nav.activity', icon: <ActivityIcon /> },
  { to: '/admin/projections', label: 'admin.nav.projections', icon: <DatabaseIcon /> },
  { to: '/admin/settings', label: 'admin.nav.settings', icon: <SettingsIcon /> },
];
