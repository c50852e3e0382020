import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type RowData,
  type RowSelectionState,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';

// Every back-office table: TanStack Table's model rendered as a plain, semantic <table> in a
// region that scrolls sideways on a narrow screen (focusable, so a keyboard can scroll it too).
// Pagination, sorting and filtering happen on the server or in the screen; this only draws.

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** `num` aligns figures to the end; `actions` keeps the row's buttons together. */
    align?: 'num' | 'actions';
  }
}

export interface DataTableProps<T> {
  /** The table's accessible name (its caption, visually hidden). */
  label: string;
  // Columns of different value types side by side: TanStack's own examples type them so.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  rows: T[];
  rowId: (row: T) => string;
  /** Shown in place of the body when there are no rows. */
  empty: ReactNode;
  /** Set while a new page loads over the one shown. */
  busy?: boolean;
  /** Checkbox selection, keyed by row id. */
  selection?: { value: RowSelectionState; onChange: OnChangeFn<RowSelectionState> };
  /** Rows in groups under a heading each (rows of a group come one after another): the group's heading. */
  groupOf?: (row: T) => string;
  testId?: string;
}

/** Consecutive rows of the same group together, in their order. */
export function groupRows<R>(rows: R[], groupOf: (row: R) => string): { heading: string; rows: R[] }[] {
  const groups: { heading: string; rows: R[] }[] = [];
  for (const row of rows) {
    const heading = groupOf(row);
    const last = groups[groups.length - 1];
    if (last?.heading === heading) last.rows.push(row);
    else groups.push({ heading, rows: [row] });
  }
  return groups;
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { label, columns, rows, rowId, empty, busy, selection, groupOf, testId } = props;
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: rowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    enableRowSelection: Boolean(selection),
    state: selection ? { rowSelection: selection.value } : {},
    onRowSelectionChange: selection?.onChange,
  });
  const alignOf = (align?: 'num' | 'actions') => (align ? `cell-${align}` : undefined);
  const shown = table.getRowModel().rows;
  const groups: { heading?: string; rows: typeof shown }[] = groupOf
    ? groupRows(shown, (row) => groupOf(row.original))
    : [{ rows: shown }];
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={label} aria-busy={busy || undefined}>
      <table className="admin-table" data-testid={testId}>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={alignOf(header.column.columnDef.meta?.align)}>
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        {groups.map((group, index) => (
          // A group is a row group, its heading the header of the rows under it.
          <tbody key={`${index}-${group.heading ?? ''}`}>
            {group.heading !== undefined && (
              <tr className="admin-table-group">
                <th scope="rowgroup" colSpan={table.getVisibleLeafColumns().length}>
                  <span className="admin-table-group-label">{group.heading}</span>
                </th>
              </tr>
            )}
            {group.rows.map((row) => (
              <tr key={row.id} data-row-id={row.id} aria-selected={selection ? row.getIsSelected() : undefined}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={alignOf(cell.column.columnDef.meta?.align)}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      {rows.length === 0 && <div className="admin-table-empty">{empty}</div>}
    </div>
  );
}
