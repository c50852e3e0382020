/** A list's rows while its first page loads: the shape of the table, announced as loading. */
export function ListSkeleton({ rows, label }: { rows: number; label: string }) {
  return (
    <div className="admin-list-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: Math.min(rows, 10) }, (_, row) => (
        <div key={row} className="skeleton skeleton-line" />
      ))}
    </div>
  );
}
