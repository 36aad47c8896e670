import type { ReactNode } from 'react';
import { LoadError } from './load-error';

/**
 * A console list as its pages show it: the load's error with a retry, a line when it is empty, or
 * its table (caption, column headers, rows) in a region of its own that scrolls sideways when a
 * phone is narrower than the table.
 */
export function ListTable<T>({
  list,
  label,
  caption,
  none,
  columns,
  children,
}: {
  list: { data?: { items: T[] } | undefined; error?: unknown; reload: () => void };
  /** The scrolling region's name; the caption when absent. */
  label?: string;
  caption: string;
  none: string;
  /** The header row's cells (`<th scope="col">`). */
  columns: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (list.error) return <LoadError error={list.error} retry={list.reload} />;
  if (!list.data) return null;
  if (list.data.items.length === 0) return <p>{none}</p>;
  return (
    <div className="admin-scroll" role="region" aria-label={label ?? caption} tabIndex={0}>
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>{columns}</tr>
        </thead>
        <tbody>{children(list.data.items)}</tbody>
      </table>
    </div>
  );
}
