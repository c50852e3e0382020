import { DayField } from './DayField';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditAction, type AuditEntityType } from '@shared/audit/constants';
import type { AdminUserView } from '@shared/identity/types';
import { useAdminText } from '../i18n';
import { FilterSelect } from '../ui/list/FilterSelect';
import { SearchField } from '../ui/list/SearchField';
import type { ActivitySearch } from './activity-search';
import './activity.css';

// The activity page's filters: free text (after a pause in typing), who (each admin, every admin,
// shoppers, payments, the system), what (entity type), which action (those of the chosen type) and
// a range of days. Each change goes to the URL at once.

const ACTOR_KINDS = ['admin', 'shopper', 'payment', 'system'] as const;

export interface ActivityFiltersProps {
  search: ActivitySearch;
  /** The admins to choose from (the Users list); empty while it loads. */
  admins: AdminUserView[];
  /** The latest day a range may end on (today, in the admin's timezone). */
  today: string;
  onChange: (next: ActivitySearch, replace?: boolean) => void;
}

export function ActivityFilters({ search, admins, today, onChange }: ActivityFiltersProps) {
  const t = useAdminText();
  const set = (patch: Partial<ActivitySearch>, replace?: boolean) => onChange({ ...search, ...patch }, replace);
  const actions = AUDIT_ACTIONS.filter((action) => !search.entityType || action.startsWith(`${search.entityType}.`));
  const knownActor =
    !search.actor ||
    (ACTOR_KINDS as readonly string[]).includes(search.actor) ||
    admins.some((admin) => admin.id === search.actor);
  return (
    <div className="admin-toolbar audit-filters" role="group" aria-label={t('admin.activity.filters')}>
      <SearchField
        label={t('admin.activity.search')}
        placeholder={t('admin.activity.searchPlaceholder')}
        value={search.search ?? ''}
        onSearch={(text) => set({ search: text || undefined }, true)}
        testId="activity-search"
      />
      <FilterSelect
        label={t('admin.activity.actor')}
        value={search.actor ?? ''}
        onChange={(actor) => set({ actor: actor || undefined })}
        all={{ value: '', label: t('admin.activity.actor.all') }}
        testId="activity-actor"
      >
        <optgroup label={t('admin.activity.actor.admins')}>
          <option value="admin">{t('admin.activity.actor.admin')}</option>
          {admins.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {admin.name}
            </option>
          ))}
          {/* An admin since deleted, named by a link: still a filter the page can apply. */}
          {!knownActor && search.actor && (
            <option value={search.actor}>{t('admin.activity.actor.unknown', { id: search.actor.slice(0, 8) })}</option>
          )}
        </optgroup>
        <optgroup label={t('admin.activity.actor.others')}>
          <option value="shopper">{t('admin.activity.actor.shopper')}</option>
          <option value="payment">{t('admin.activity.actor.payment')}</option>
          <option value="system">{t('admin.activity.actor.system')}</option>
        </optgroup>
      </FilterSelect>
      <FilterSelect
        label={t('admin.activity.entityType')}
        value={search.entityType ?? ''}
        onChange={(type) => {
          const entityType = (type || undefined) as AuditEntityType | undefined;
          // An action of another type would match nothing.
          const action = entityType && !search.action?.startsWith(`${entityType}.`) ? undefined : search.action;
          set({ entityType, action });
        }}
        all={{ value: '', label: t('admin.activity.entityType.all') }}
        options={AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: t(`admin.activity.entityType.${type}`) }))}
        testId="activity-entity-type"
      />
      <FilterSelect
        label={t('admin.activity.action')}
        value={search.action ?? ''}
        onChange={(action) => set({ action: (action || undefined) as AuditAction | undefined })}
        all={{ value: '', label: t('admin.activity.action.all') }}
        options={actions.map((action) => ({ value: action, label: t(`admin.activity.actions.${action}`) }))}
        testId="activity-action"
      />
      <DayField
        label={t('admin.activity.from')}
        value={search.from}
        max={search.to ?? today}
        onChange={(from) => set({ from })}
        testId="activity-from"
      />
      <DayField
        label={t('admin.activity.to')}
        value={search.to}
        min={search.from}
        max={today}
        onChange={(to) => set({ to })}
        testId="activity-to"
      />
    </div>
  );
}
