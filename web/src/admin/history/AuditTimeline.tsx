import type { AuditEntry } from '@shared/audit/types';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { paymentMethodMessageId } from '../../components/order/PaymentMethodName';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import type { MessageId } from '../../i18n/messages';
import { isFreshEntry } from '../api/audit';
import { useAdminText } from '../i18n';
import { useAdminDates, type AdminDates } from '../ui/dates';
import {
  ACTION_TEXT,
  actorLabel,
  entityPlace,
  entityLabel,
  fieldLabel,
  isCreation,
  isDeletion,
  shownChanges,
  valueText,
  type Words,
} from './entry-text';
import './history.css';

// The audit trail as the back office shows it, on the activity page and in each entity's history:
// entries grouped by day (in the admin's timezone), each with its time, a sentence saying who did
// what to which entity, and the fields it changed as before → after. Entries pushed live in the
// last moments are highlighted once.

export interface AuditTimelineProps {
  entries: AuditEntry[];
  /** The day headings' level (the page's structure decides). */
  headingLevel: 2 | 3 | 4;
  /** Off in an entity's own history: its name would link to the page already open. */
  linkEntities?: boolean;
  /** Shows each entry's version (a history, where versions can be restored). */
  showVersions?: boolean;
  /** The entry whose version the entity holds now (a history's newest), said so. */
  currentEntryId?: string;
  /** Buttons under an entry (Restore this version), given its id for aria-describedby. */
  actions?: (entry: AuditEntry, versionId: string) => ReactNode;
  testId?: string;
}

export function AuditTimeline({
  entries,
  headingLevel,
  linkEntities = true,
  showVersions = false,
  currentEntryId,
  actions,
  testId,
}: AuditTimelineProps) {
  const dates = useAdminDates();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="audit-timeline" data-testid={testId}>
      {byDay(entries, dates).map((day) => (
        <section key={day.key} className="audit-day" data-testid="audit-day">
          <Heading className="audit-day-title">{day.title}</Heading>
          <ol className="audit-entries">
            {day.entries.map((entry) => (
              <AuditEntryItem
                key={entry.id}
                entry={entry}
                linkEntity={linkEntities && !isDeletion(entry)}
                showVersion={showVersions}
                current={entry.id === currentEntryId}
                actions={actions}
              />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

/** Consecutive entries of one day (the list is newest first), under that day's heading. */
function byDay(entries: AuditEntry[], dates: AdminDates) {
  const days: { key: string; title: string; entries: AuditEntry[] }[] = [];
  for (const entry of entries) {
    const key = dates.date(entry.at);
    const last = days[days.length - 1];
    if (last?.key === key) last.entries.push(entry);
    else days.push({ key, title: dates.date(entry.at, { weekday: true }), entries: [entry] });
  }
  return days;
}

function AuditEntryItem({
  entry,
  linkEntity,
  showVersion,
  current,
  actions,
}: {
  entry: AuditEntry;
  linkEntity: boolean;
  showVersion: boolean;
  current: boolean;
  actions?: AuditTimelineProps['actions'];
}) {
  const t = useAdminText();
  const intl = useIntl();
  const dates = useAdminDates();
  const versionId = useId();
  const who = actorLabel(t, entry.actor);
  const entity = <bdi className="audit-entity">{entityLabel(t, entry.entity)}</bdi>;
  const sentence = intl.formatMessage(
    { id: ACTION_TEXT[entry.action] as MessageId },
    {
      who: <bdi className="audit-who">{who}</bdi>,
      entity: linkEntity ? <EntityLink entity={entry.entity}>{entity}</EntityLink> : entity,
      version: entry.restoredVersion ?? '',
    },
  );
  const fresh = isFreshEntry(entry.id);
  return (
    <li
      className={fresh ? 'audit-entry is-fresh' : 'audit-entry'}
      data-testid="audit-entry"
      data-action={entry.action}
      data-fresh={fresh || undefined}
    >
      <time className="audit-entry-time" dateTime={entry.at} title={dates.dateTime(entry.at)}>
        {dates.time(entry.at)}
      </time>
      <div className="audit-entry-body">
        <p className="audit-entry-text" data-testid="audit-entry-text">
          {sentence}
        </p>
        {showVersion && (
          <p id={versionId} className="audit-entry-version" data-testid="audit-entry-version">
            {t(current ? 'admin.history.current' : 'admin.history.version', { version: entry.entity.version })}
          </p>
        )}
        <Changes entry={entry} />
        {actions?.(entry, versionId)}
      </div>
    </li>
  );
}

/** The words values are said with (entry-text.ts), in the admin's language. */
function useWords(): Words {
  const t = useAdminText();
  const intl = useIntl();
  const price = useFormatPrice();
  const duration = useDurationLabel();
  return useMemo(
    () => ({
      t,
      price,
      duration,
      paymentMethod: (method) => {
        const id = paymentMethodMessageId(method);
        return id ? intl.formatMessage({ id }) : method;
      },
    }),
    [t, intl, price, duration],
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const t = useAdminText();
  const words = useWords();
  const changes = shownChanges(entry);
  if (!changes.length) return null;
  const creation = isCreation(entry);
  return (
    <ul className="audit-changes" data-testid="audit-changes">
      {changes.map((change) => (
        <li key={change.field} className="audit-change" data-field={change.field}>
          <span className="audit-field">{fieldLabel(words, change.field)}</span>
          {!creation && (
            <>
              <bdi className="audit-before" data-testid="audit-before">
                {valueText(words, change.field, change.before)}
              </bdi>
              <span aria-hidden="true" className="audit-arrow">
                {t('admin.history.arrow')}
              </span>
              <span className="visually-hidden">{t('admin.history.to')}</span>
            </>
          )}
          <bdi className="audit-after" data-testid="audit-after">
            {valueText(words, change.field, change.after)}
          </bdi>
        </li>
      ))}
    </ul>
  );
}

function EntityLink({ entity, children }: { entity: AuditEntry['entity']; children: ReactNode }) {
  const place = entityPlace(entity);
  const className = 'audit-entity-link';
  switch (place.to) {
    case '/admin/products/edit/$id':
      return (
        <Link to={place.to} params={place.params} className={className}>
          {children}
        </Link>
      );
    case '/admin/customers/$phone':
      return (
        <Link to={place.to} params={place.params} className={className}>
          {children}
        </Link>
      );
    case '/admin/orders':
      return (
        <Link to={place.to} search={place.search} className={className}>
          {children}
        </Link>
      );
    case '/admin/settings':
      return (
        <Link to={place.to} search={place.search} className={className}>
          {children}
        </Link>
      );
    default:
      return (
        <Link to={place.to} search={place.search} className={className}>
          {children}
        </Link>
      );
  }
}
