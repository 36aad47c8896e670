import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { TAB_SWIPE_THRESHOLD_PX } from '../../config/constants';
import { useSwipe } from './use-swipe';
import './tabs.css';

/** One tab and its panel. */
export interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

/** Props of the tabs; pass `selectedIndex` to control them, or only `defaultSelectedIndex`. */
export interface TabsProps {
  items: readonly TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  selectedIndex?: number;
  defaultSelectedIndex?: number;
  onSelect?: (index: number) => void;
  swipeThresholdPx?: number;
  className?: string;
}

/**
 * Tabs after the WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs and select
 * them (automatic activation), only the selected tab is in the tab order, and a horizontal swipe
 * on the panel moves to the next or previous tab.
 */
export function Tabs({
  items,
  label,
  selectedIndex,
  defaultSelectedIndex = 0,
  onSelect,
  swipeThresholdPx = TAB_SWIPE_THRESHOLD_PX,
  className,
}: TabsProps) {
  const baseId = useId();
  const [uncontrolledIndex, setUncontrolledIndex] = useState(defaultSelectedIndex);
  const current = Math.min(Math.max(selectedIndex ?? uncontrolledIndex, 0), items.length - 1);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number, focus: boolean) => {
    if (index === current || index < 0 || index >= items.length) return;
    if (selectedIndex === undefined) setUncontrolledIndex(index);
    onSelect?.(index);
    if (focus) tabRefs.current[index]?.focus();
  };

  const swipe = useSwipe({
    thresholdPx: swipeThresholdPx,
    onSwipeLeft: () => select(current + 1, false),
    onSwipeRight: () => select(current - 1, false),
  });

  const onKeyDown = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const target = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  const active = items[current];
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  return (
    <div className={`tabs${className ? ` ${className}` : ''}`}>
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item, index) => (
          <button
            key={item.id}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            id={tabId(item.id)}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={index === current}
            aria-controls={panelId(item.id)}
            tabIndex={index === current ? 0 : -1}
            onClick={() => select(index, false)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {active && (
        <div
          id={panelId(active.id)}
          className="tabs__panel"
          role="tabpanel"
          aria-labelledby={tabId(active.id)}
          tabIndex={0}
          {...swipe}
        >
          {active.panel}
        </div>
      )}
    </div>
  );
}
