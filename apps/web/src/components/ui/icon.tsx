/** The names of the icons in the app's one icon set, `public/ui-icons.svg` (docs/design-system.md). */
export type IconName =
  | 'refresh' | 'clock' | 'wallet' | 'receipt' | 'dice' | 'bell' | 'user' | 'shield' | 'globe' | 'help' | 'deposit' | 'withdraw' | 'chevron' | 'logout' | 'book'
  // Payment marks (decision 472): lettermarks on brand-coloured tiles, drawn in their own colours.
  | 'mark-upi' | 'mark-gpay' | 'mark-phonepe' | 'mark-paytm' | 'mark-bhim' | 'mark-usdt' | 'mark-bank';

/**
 * An icon from the sprite: a static SVG file (cached once, no bytes in the JS), drawn in
 * currentColor at --icon-size; a parent's class sizes or colours it. Always decorative: the
 * control it sits in carries the name. The account page draws the same markup itself (decision
 * 302: a module shared by two lazy routes would add a chunk to the entry's preload map).
 */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" aria-hidden="true">
      <use href={`${import.meta.env.BASE_URL}ui-icons.svg#${name}`} />
    </svg>
  );
}
