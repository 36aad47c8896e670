import { useEffect, useRef } from 'react';

/**
 * The "Load more" button of a paged list, which also loads by itself when it scrolls into view
 * (infinite scroll). The button stays for keyboard users and browsers without
 * IntersectionObserver. A new observer reports at once whether the button is visible, so a page
 * too short to scroll keeps filling until the button leaves the screen or the list ends.
 */
export function LoadMoreButton({
  onLoadMore,
  disabled,
  label,
  className,
}: {
  onLoadMore: () => void;
  disabled: boolean;
  label: string;
  /** The wrapper's class, for the list's own spacing. */
  className: string;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || disabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onLoadMore();
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [onLoadMore, disabled]);
  return (
    <div className={className}>
      <button ref={ref} type="button" className="button button--ghost" onClick={onLoadMore} disabled={disabled}>
        {label}
      </button>
    </div>
  );
}
