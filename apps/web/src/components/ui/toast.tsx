import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS } from '../../config/constants';
import './toast.css';

/** Kind of a toast, which sets its colour and icon. */
export type ToastType = 'success' | 'fail' | 'info';

/** Options of one toast. */
export interface ToastOptions {
  type?: ToastType;
  durationMs?: number;
}

/** What `useToast()` returns. */
export interface ToastApi {
  /** Shows a short message, replacing any toast on screen. */
  show: (message: string, options?: ToastOptions) => void;
}

interface ToastState {
  id: number;
  message: string;
  type: ToastType;
  durationMs: number;
}

const ToastContext = createContext<ToastApi | null>(null);

const ICONS: Record<ToastType, string> = { success: '✓', fail: '!', info: 'i' };

/**
 * Provides `useToast()` and renders the toast region. The region (role=status, aria-live=polite)
 * is always in the DOM, because screen readers announce changes to a live region that already
 * exists, not a region that appears with its text.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);

  const show = useCallback((message: string, options: ToastOptions = {}) => {
    setToast((previous) => ({
      id: (previous?.id ?? 0) + 1,
      message,
      type: options.type ?? 'info',
      durationMs: options.durationMs ?? TOAST_DURATION_MS,
    }));
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast]);

  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext value={api}>
      {children}
      <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
        {toast && (
          <div key={toast.id} className={`toast toast--${toast.type}`}>
            <span className="toast__icon" aria-hidden="true">
              {ICONS[toast.type]}
            </span>
            {toast.message}
          </div>
        )}
      </div>
    </ToastContext>
  );
}

/** Shows toasts: `useToast().show('Game Under Maintenance', { type: 'fail' })`. */
export function useToast(): ToastApi {
  const api = use(ToastContext);
  if (!api) throw new Error('useToast() must be used inside <ToastProvider>');
  return api;
}
