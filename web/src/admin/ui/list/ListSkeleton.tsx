export interface ListSkeletonProps {
  /** How many rows to sketch (at most 10). */
  rows: number;
  /** What a screen reader hears: the list is loading. */
  label: string;
  /** The rows' own height, when the table's rows are taller than a line. */
  rowClassName?: string;
  testId?: string;
}

/** A list's rows while its first page loads: the shape of the table, announced as loading. */
export function ListSkeleton({ rows, label, rowClassName, testId }: ListSkeletonProps) {
  const rowClass = rowClassName ? `skeleton skeleton-line ${rowClassName}` : 'skeleton skeleton-line';
  return (
    <div className="admin-list-skeleton" role="status" aria-busy="true" data-testid={testId}>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: Math.min(rows, 10) }, (_, row) => (
        <div key={row} className={rowClass} />
      ))}
    </div>
  );
}
