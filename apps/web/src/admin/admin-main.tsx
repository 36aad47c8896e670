import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AdminApp } from './admin-app';

/** Mounts the console; main.tsx loads this chunk only for paths under /admin. */
export function mountAdmin(container: HTMLElement): void {
  document.title = 'Colorplay console';
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter basename="/admin">
        <AdminApp />
      </BrowserRouter>
    </StrictMode>,
  );
}
