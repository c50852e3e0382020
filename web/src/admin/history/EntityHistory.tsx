import type { AuditEntityType } from '@shared/audit/constants';
import type { AuditEntry } from '@shared/audit/types';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { conflictOf } from '../api/client';
import { auditListQuery } from '../api/audit';
import { useAdminText } from '../i18n';
import { ConfirmModal } from '../ui/ConfirmModal';
import { AuditTimeline } from './AuditTimeline';
import { restorableEntries } from './entry-text';
import { useRestoreVersion, type RestorableType, type RestoreAnswer } from './restore';

// One entity's history (a product, a category, an order, a user): a section that opens on demand,
// loads its entries then (newest first, "Load more" for older ones), and follows live pushes. For
// products and categories, a version someone saved (the last entry of its request, not the newest) can be restored.

const PAGE = 20;

export interface RestoreOptions {
  /** The version the screen shows (its form was filled from): sent as If-Match. */
  current: number;
  onRestored: (answer: RestoreAnswer) => void;
  /** A stale screen (another admin changed it since): the conflict dialog shows; the screen may close. */
  onConflict?: () => void;
}

export interface EntityHistoryProps {
  entityType: AuditEntityType;
  entityId: string;
  /** Open at first (a page with room for it); closed in modals. */
  defaultOpen?: boolean;
  /** Products and categories: "Restore this version". */
  restore?: RestoreOptions;
  /** The section title's level (2 on a page, 3 in a modal); its day headings are one below. */
  headingLevel?: 2 | 3;
}

export function EntityHistory({
  entityType,
  entityId,
  defaultOpen = false,
  restore,
  headingLevel = 3,
}: EntityHistoryProps) {
  const t = useAdminText();
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const titleId = useId();
  const Title = `h${headingLevel}` as const;
  return (
    <section className="entity-history" aria-labelledby={titleId} data-testid="entity-history">
      <div className="entity-history-head">
        <Title id={titleId} className="admin-panel-title">
          {t('admin.history.title')}
        </Title>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((was) => !was)}
          data-testid="entity-history-toggle"
        >
          <ChevronDownIcon
            size={16}
            className={open ? 'icon entity-history-chevron is-open' : 'icon entity-history-chevron'}
          />
          {t(open ? 'admin.history.hide' : 'admin.history.show')}
        </button>
      </div>
      <div id={bodyId} hidden={!open}>
        {open && (
          <HistoryEntries
            entityType={entityType}
            entityId={entityId}
            restore={restore}
            dayLevel={headingLevel === 2 ? 3 : 4}
          />
        )}
      </div>
    </section>
  );
}

function HistoryEntries({
  entityType,
  entityId,
  restore,
  dayLevel,
}: Pick<EntityHistoryProps, 'entityType' | 'entityId' | 'restore'> & { dayLevel: 3 | 4 }) {
  const t = useAdminText();
  const list = useInfiniteQuery(auditListQuery({ entityType, entityId }, PAGE));
  const [restoring, setRestoring] = useState<AuditEntry | null>(null);
  const entries = list.data?.pages.flatMap((page) => page.entries) ?? [];
  const newest = entries[0];

  if (list.isPending)
    return (
      <p className="entity-history-state" role="status">
        <Spinner size="sm" /> {t('admin.history.loading')}
      </p>
    );
  if (list.isError && !list.data)
    return (
      <div className="entity-history-state" role="alert" data-testid="entity-history-error">
        {t('admin.history.loadFailed')}{' '}
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void list.refetch()}>
          {t('admin.list.tryAgain')}
        </button>
      </div>
    );
  if (!entries.length)
    return (
      <p className="entity-history-state" data-testid="entity-history-empty">
        {t('admin.history.empty')}
      </p>
    );

  const versions = restorableEntries(entries);
  const restorable = (entry: AuditEntry) => restore && versions.has(entry.id);
  return (
    <div className="entity-history-body">
      <AuditTimeline
        entries={entries}
        headingLevel={dayLevel}
        linkEntities={false}
        showVersions={entityType === 'product' || entityType === 'category'}
        currentEntryId={newest?.id}
        actions={(entry, versionId) =>
          restorable(entry) && (
            <div className="audit-entry-actions">
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-describedby={versionId}
                onClick={() => setRestoring(entry)}
                data-testid="history-restore"
              >
                {t('admin.history.restore')}
              </button>
            </div>
          )
        }
        testId="entity-history-entries"
      />
      {list.hasNextPage && (
        <div className="audit-more">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
            data-testid="entity-history-more"
          >
            {list.isFetchingNextPage && <Spinner size="sm" />}
            {t(list.isFetchingNextPage ? 'admin.history.loadingMore' : 'admin.history.loadMore')}
          </button>
        </div>
      )}
      {restore && (
        <RestoreConfirm
          entry={restoring}
          label={newest?.entity.label ?? ''}
          type={entityType as RestorableType}
          options={restore}
          onClose={() => setRestoring(null)}
        />
      )}
    </div>
  );
}

function RestoreConfirm({
  entry,
  label,
  type,
  options,
  onClose,
}: {
  entry: AuditEntry | null;
  /** What the entity is called now (its newest entry's label). */
  label: string;
  type: RestorableType;
  options: RestoreOptions;
  onClose: () => void;
}) {
  const t = useAdminText();
  const restore = useRestoreVersion((answer) => {
    onClose();
    options.onRestored(answer);
  });
  const confirm = () => {
    if (!entry) return;
    restore.mutate(
      { type, id: entry.entity.id, version: entry.entity.version, current: options.current },
      {
        onError: (error) => {
          onClose();
          if (conflictOf(error)) options.onConflict?.();
        },
      },
    );
  };
  return (
    <ConfirmModal
      open={entry !== null}
      onClose={onClose}
      title={t('admin.history.restoreTitle')}
      confirmLabel={t('admin.history.restoreConfirm')}
      busyLabel={t('admin.history.restoring')}
      busy={restore.isPending}
      onConfirm={confirm}
      testId="history-restore-confirm"
    >
      {entry && (
        <p>{t('admin.history.restoreBody', { label: label || entry.entity.label, version: entry.entity.version })}</p>
      )}
    </ConfirmModal>
  );
}
