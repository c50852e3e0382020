import { useAdminText } from '../../i18n';

// Under every paginated list: 'Showing X to Y of Z …', the page size, previous / next with
// 'Page N of M', and optionally up to five numbered pages around the current one.

export interface PagerProps {
  page: number;
  totalPages: number;
  /** 'Showing X to Y of Z orders': the screen words it. */
  summary: string;
  onPage: (page: number) => void;
  limit?: { value: number; options: readonly number[]; onChange: (limit: number) => void };
  /** Numbered page buttons (at most five). */
  numbered?: boolean;
  testId?: string;
}

/** The numbered pages shown: at most `max`, the current one as central as the ends allow. */
export function pageWindow(page: number, totalPages: number, max = 5): number[] {
  const count = Math.min(max, totalPages);
  const first = Math.min(Math.max(1, page - Math.floor(count / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}

/** 'Showing X to Y of Z': the first and last row of a page (0 to 0 when there is none). */
export function shownRange(page: number, limit: number, total: number): { from: number; to: number; total: number } {
  if (total === 0) return { from: 0, to: 0, total };
  const from = (page - 1) * limit + 1;
  return { from: Math.min(from, total), to: Math.min(page * limit, total), total };
}

export function Pager({ page, totalPages, summary, onPage, limit, numbered, testId }: PagerProps) {
  const t = useAdminText();
  return (
    <nav className="admin-pager" aria-label={t('admin.list.pagination')} data-testid={testId}>
      <p className="admin-pager-summary" aria-live="polite">
        {summary}
      </p>
      {limit && (
        <label className="admin-pager-size">
          <span>{t('admin.list.perPage')}</span>
          <select
            className="select admin-select-sm"
            value={limit.value}
            onChange={(event) => limit.onChange(Number(event.target.value))}
          >
            {limit.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="admin-pager-pages">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t('admin.list.previous')}
        </button>
        {numbered &&
          pageWindow(page, totalPages).map((n) => (
            <button
              key={n}
              type="button"
              className={`btn btn-sm ${n === page ? 'btn-primary' : 'btn-ghost'}`}
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('admin.list.page', { page: n })}
              onClick={() => onPage(n)}
            >
              {n}
            </button>
          ))}
        <span className="admin-pager-of">{t('admin.list.pageOf', { page, pages: totalPages })}</span>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={page >= totalPages}
          onClick={() => onPage(page + 1)}
        >
          {t('admin.list.next')}
        </button>
      </div>
    </nav>
  );
}
