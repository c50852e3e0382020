import { createFileRoute } from '@tanstack/react-router';
import { settingsQuery } from '../../admin/api/settings';
import { adminSession } from '../../admin/session/session';
import { SettingsPage, SettingsSkeleton } from '../../admin/settings/SettingsPage';

// /admin/settings: ?tab=password|notifications|region|shop|catalogue keeps the open tab through a link or a
// reload (Profile when absent). The admin's settings are loaded before the page shows; a failure
// is the page's own error state (with Try Again). The screen is in the admin's chunk; the search
// parsing stays in the route tree, which shoppers download, so it is written out here.
const OTHER_TABS = ['password', 'notifications', 'region', 'shop', 'catalogue'] as const;
type OtherTab = (typeof OTHER_TABS)[number];
export const Route = createFileRoute('/admin/settings')({
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
  validateSearch: (raw: Record<string, unknown>): { tab?: OtherTab } =>
    OTHER_TABS.includes(raw.tab as OtherTab) ? { tab: raw.tab as OtherTab } : {},
  loaderDeps: () => ({}),
  loader: ({ context }) => {
    const userId = adminSession.get().session?.user.id;
    return userId ? context.queryClient.ensureQueryData(settingsQuery(userId)).catch(() => undefined) : undefined;
  },
  component: Settings,
  pendingComponent: SettingsPending,
});

function Settings() {
  const { tab = 'profile' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SettingsPage
      tab={tab}
      onTab={(next) => void navigate({ search: next === 'profile' ? {} : { tab: next }, replace: true })}
    />
  );
}

function SettingsPending() {
  return (
    <div className="admin-page">
      <SettingsSkeleton />
    </div>
  );
}
