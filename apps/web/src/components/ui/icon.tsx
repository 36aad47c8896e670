/** The names of the icons in the app's one icon set, `public/ui-icons.svg` (docs/design-system.md). */
export type IconName =
  | 'refresh' | 'clock' | 'wallet' | 'receipt' | 'dice' | 'bell' | 'user' | 'shield' | 'globe' | 'help' | 'deposit' | 'withdraw' | 'chevron' | 'logout' | 'book';

/**
 * An icon from the sprite: a static SVG file (cached once, no bytes in the JS), drawn in
 * currentColor at --icon-size. Always decorative: the control it sits in carries the name.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : 'icon'} aria-hidden="true" focusable="false">
      <use href={`${import.meta.env.BASE_URL}ui-icons.svg#${name}`} />
    </svg>
  );
}
