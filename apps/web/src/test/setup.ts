import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetBalanceSyncForTests } from '../lib/balance';
import { resetPageHeadingForTests } from '../lib/page-heading';
import { resetResourcesForTests } from '../lib/resource';
import { forgetRuntimeConfig } from '../lib/runtime-config';
import { resetServerClockForTests } from '../lib/server-clock';
import { resetSessionForTests } from '../lib/session';

// A lazy route's first import is transformed on demand, which takes over a second on a loaded
// 2-core machine, and more than 5 s at a load average of 20 (seen with seven test runs at
// once); findBy* and waitFor wait up to 15 s (only a failing or slow wait uses it; the web
// project's test timeout is 30 s).
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no showModal()/close() on <dialog>. This is the minimum the app relies on: the open
// attribute (which makes the element and its role visible to queries) and the close event.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom has no matchMedia; nothing matches unless a test says otherwise.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom logs "not implemented" for scrolling; tests spy on this stub instead.
window.scrollTo = (() => {}) as typeof window.scrollTo;

function clearCookies() {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

afterEach(() => {
  cleanup();
  clearCookies();
  localStorage.clear();
  resetSessionForTests();
  resetResourcesForTests();
  resetBalanceSyncForTests();
  resetPageHeadingForTests();
  resetServerClockForTests();
  forgetRuntimeConfig();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
