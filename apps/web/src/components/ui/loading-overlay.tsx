import { useId, type CSSProperties } from 'react';
import { TRANSITION_MS } from '../../config/constants';
import { Logo } from './logo';
import { usePresence } from './use-presence';
import './loading-overlay.css';

/** Props of the full-screen loading overlay. */
export interface LoadingOverlayProps {
  open: boolean;
  /** Accessible name and visually hidden text, e.g. "Please wait". */
  label: string;
  durationMs?: number;
}

/** A full-screen overlay with a spinning logo that fades in and out. */
export function LoadingOverlay({ open, label, durationMs = TRANSITION_MS }: LoadingOverlayProps) {
  const { mounted, closing } = usePresence(open, durationMs);
  const labelId = useId();
  if (!mounted) return null;
  return (
    <div
      className="loading-overlay"
      data-state={closing ? 'closed' : 'open'}
      style={{ '--transition-ms': `${durationMs}ms` } as CSSProperties}
      role="status"
      aria-busy={!closing}
      aria-labelledby={labelId}
    >
      <Logo className="loading-overlay__logo" />
      <span id={labelId} className="visually-hidden">
        {label}
      </span>
    </div>
  );
}
