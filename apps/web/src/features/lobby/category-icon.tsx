import type { ReactNode } from 'react';
import type { LobbyCategoryKey } from './categories';

// Simple geometric glyphs drawn for Colorplay on a 48x48 grid; the tile colour comes from CSS.
const GLYPHS: Record<LobbyCategoryKey, ReactNode> = {
  popular: <path d="M24 5c1.5 7.5 11 11.5 11 22.5a11 11 0 01-22 0c0-5.5 3-9 6-11.5 0 4.5 2 7 4.5 7.5C22 17 24 11.5 24 5z" fill="#fff" />,
  lottery: (
    <>
      <circle cx="24" cy="24" r="15" fill="#fff" />
      <circle cx="24" cy="24" r="9.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M20 19h8.5l-5.5 11" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  casino: (
    <>
      <circle cx="24" cy="24" r="15" fill="#fff" />
      <circle cx="24" cy="24" r="15" fill="none" stroke="currentColor" strokeWidth="4" strokeDasharray="6 5.8" />
      <circle cx="24" cy="24" r="8" fill="currentColor" />
      <path d="M24 19.5l3.5 4.5-3.5 4.5-3.5-4.5z" fill="#fff" />
    </>
  ),
  slots: (
    <>
      <rect x="7" y="11" width="30" height="26" rx="5" fill="#fff" />
      <rect x="11" y="17" width="6.5" height="14" rx="2" fill="currentColor" />
      <rect x="20.7" y="17" width="6.5" height="14" rx="2" fill="currentColor" />
      <rect x="30.4" y="17" width="2.6" height="14" rx="1.3" fill="currentColor" opacity="0.5" />
      <path d="M37 22h3v-9" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="40" cy="11" r="3" fill="#fff" />
    </>
  ),
  sports: (
    <>
      <circle cx="24" cy="24" r="14" fill="#fff" />
      <path d="M14 14c6 6 6 14 0 20M34 14c-6 6-6 14 0 20" fill="none" stroke="currentColor" strokeWidth="2.2" strokeDasharray="2.5 2" />
    </>
  ),
  rummy: (
    <>
      <rect x="9" y="12" width="18" height="26" rx="3" fill="#fff" opacity="0.7" transform="rotate(-12 18 25)" />
      <rect x="20" y="10" width="18" height="26" rx="3" fill="#fff" transform="rotate(10 29 23)" />
      <path d="M29 17c2.5 3 5 4.5 5 7a2.5 2.5 0 01-5 .5 2.5 2.5 0 01-5-.5c0-2.5 2.5-4 5-7z" fill="currentColor" transform="rotate(10 29 23)" />
    </>
  ),
  fishing: (
    <>
      <path d="M8 24c6-9 19-11 27 0-8 11-21 9-27 0z" fill="#fff" />
      <path d="M34 24l8-7v14z" fill="#fff" />
      <circle cx="15.5" cy="22.5" r="2" fill="currentColor" />
      <path d="M22 18c2 4 2 8 0 12" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </>
  ),
  original: (
    <>
      <path d="M24 6l4.2 13.8L42 24l-13.8 4.2L24 42l-4.2-13.8L6 24l13.8-4.2z" fill="#fff" />
      <circle cx="24" cy="24" r="3.5" fill="currentColor" />
    </>
  ),
};

/** The icon of a lobby category (decorative: the link's text names it). */
export function CategoryIcon({ category }: { category: LobbyCategoryKey }) {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      {GLYPHS[category]}
    </svg>
  );
}
