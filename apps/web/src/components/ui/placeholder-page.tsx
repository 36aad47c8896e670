import type { ReactNode } from 'react';
import { TopBar } from './top-bar';
import './placeholder-page.css';

/** Props of a page whose content a later issue brings. */
export interface PlaceholderPageProps {
  title: string;
  /** One plain sentence saying what will be on this page. */
  description: string;
  backTo?: string;
  actions?: ReactNode;
  /** Real controls below the sentence, e.g. a link home. */
  children?: ReactNode;
}

/**
 * A page that exists (route, title, navigation) but whose content is not built yet. It says so
 * plainly instead of showing invented balances or games.
 */
export function PlaceholderPage({ title, description, backTo, actions, children }: PlaceholderPageProps) {
  return (
    <main className="page">
      <TopBar title={title} backTo={backTo} actions={actions} />
      <div className="placeholder">
        <svg className="placeholder__art" viewBox="0 0 120 80" aria-hidden="true" focusable="false">
          <rect x="10" y="14" width="100" height="58" rx="10" fill="var(--c-surface-2)" />
          <rect x="22" y="28" width="48" height="7" rx="3.5" fill="var(--c-line)" />
          <rect x="22" y="42" width="76" height="7" rx="3.5" fill="var(--c-line)" />
          <circle cx="92" cy="14" r="10" fill="var(--c-green)" />
          <circle cx="100" cy="22" r="7" fill="var(--c-red)" opacity="0.9" />
          <circle cx="84" cy="24" r="5" fill="var(--c-violet)" />
        </svg>
        <p className="placeholder__text">{description}</p>
        {children}
      </div>
    </main>
  );
}
