import { useState, type ReactNode } from 'react';
import { adminErrorText } from './i18n';
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

/**
 * A list page's actions (a row's pause, a new item): `run` calls the server, then shows `done` and
 * reads the list again, or shows the failure in words; `Notices` shows the latest of either.
 */
export function useListActions(reload: () => void) {
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return {
    async run(call: () => Promise<unknown>, done: string) {
      setFailure(null);
      try {
        await call();
        setNotice(done);
        reload();
      } catch (err) {
        setFailure(adminErrorText(err));
      }
    },
    /** Something done elsewhere (a form that created an item): say it and read the list again. */
    done(text: string) {
      setNotice(text);
      reload();
    },
    notices: (
      <>
        {notice && <p role="status">{notice}</p>}
        {failure && <p role="alert">{failure}</p>}
      </>
    ),
  };
}
