import type { OperatorSession } from '@colorplay/contract';
import { useState, type ReactNode } from 'react';
import { DecisionDialog } from './decision-dialog';
import { t } from '../lib/i18n';
import './i18n';
import { LoadError } from './load-error';
import { useLoad } from './use-load';

/** What a decision answers with: the "done" notice names the row and its new status. */
export interface Decided {
  id: string;
  status: string;
}

/** One decision button on a queue row and the dialog it opens. */
export interface QueueAction {
  /** The button's text. */
  label: string;
  title: string;
  /** The label of the dialog's text field; null for a decision without one (KYC verify). */
  fieldLabel: string | null;
  description?: string;
  run: (text: string) => Promise<Decided>;
}

type Pending = Omit<QueueAction, 'label'>;

/** The dialog state and the "done" notice every queue shares. */
export function useDecision(reload: () => void) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const dialog = pending && (
    <DecisionDialog
      title={pending.title}
      fieldLabel={pending.fieldLabel}
      description={pending.description}
      onConfirm={async (text) => {
        const result = await pending.run(text);
        setDone(t('admin.done', { id: result.id, status: result.status }));
        reload();
      }}
      onClose={() => setPending(null)}
    />
  );
  const notice = done && <p role="status">{done}</p>;
  return { open: setPending, dialog, notice };
}

export const can = (session: OperatorSession, action: string) => session.permissions.includes(action);

export interface QueuePageProps<T> {
  session: OperatorSession;
  /** Names the section: its heading's id is `<name>-heading`. */
  name: string;
  heading: string;
  /** The permission that shows the decision buttons; without it the queue is read-only. */
  permission: string;
  load: (signal: AbortSignal) => Promise<{ items: T[] }>;
  itemKey: (item: T) => string;
  /** What a row shows above its buttons. */
  details: (item: T) => ReactNode;
  /** The row's decisions in button order; `false` leaves a button out for that row. */
  actions: (item: T) => (QueueAction | false)[];
}

/**
 * The frame every review queue shares (heading, "done" notice, load error, empty note, one list
 * item a row with its decision buttons, the decision dialog), so that each queue states only its
 * endpoint, what a row shows and which decisions it offers.
 */
export function QueuePage<T>({ session, name, heading, permission, load, itemKey, details, actions }: QueuePageProps<T>) {
  const list = useLoad(load, '');
  const decision = useDecision(list.reload);
  const headingId = `${name}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId}>{heading}</h1>
      {decision.notice}
      {list.error ? <LoadError error={list.error} retry={list.reload} /> : null}
      {list.data?.items.length === 0 && <p>{t('admin.empty')}</p>}
      <ul className="admin-list">
        {list.data?.items.map((item) => (
          <li key={itemKey(item)}>
            {details(item)}
            {can(session, permission) && (
              <div className="admin-actions">
                {actions(item).map(
                  (action) =>
                    action && (
                      <button key={action.label} type="button" onClick={() => decision.open(action)}>
                        {action.label}
                      </button>
                    ),
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {decision.dialog}
    </section>
  );
}
