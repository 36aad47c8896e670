import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, type TabItem } from './tabs';

const ITEMS: TabItem[] = [
  { id: 'popular', label: 'Popular', panel: <p>Popular games</p> },
  { id: 'lottery', label: 'Lottery', panel: <p>Lottery games</p> },
  { id: 'casino', label: 'Casino', panel: <p>Casino games</p> },
];

function selectedTab() {
  return screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;
}

function swipe(element: HTMLElement, dx: number, dy = 0) {
  fireEvent.touchStart(element, { touches: [{ clientX: 100, clientY: 100 }] });
  fireEvent.touchEnd(element, { changedTouches: [{ clientX: 100 + dx, clientY: 100 + dy }] });
}

describe('Tabs', () => {
  it('renders a named tablist whose selected tab controls the one panel', () => {
    render(<Tabs items={ITEMS} label="Categories" />);
    expect(screen.getByRole('tablist', { name: 'Categories' })).toBeTruthy();
    const tab = screen.getByRole('tab', { name: 'Popular' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Popular' });
    expect(tab.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.textContent).toBe('Popular games');
    // Only the selected tab is in the tab order.
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
  });

  it('selects a tab on click', () => {
    render(<Tabs items={ITEMS} label="Categories" />);
    fireEvent.click(screen.getByRole('tab', { name: 'Casino' }));
    expect(selectedTab()).toBe('Casino');
    expect(screen.getByRole('tabpanel').textContent).toBe('Casino games');
  });

  it('moves and selects with arrow keys, wrapping, and with Home and End', () => {
    render(<Tabs items={ITEMS} label="Categories" />);
    const first = screen.getByRole('tab', { name: 'Popular' });
    first.focus();

    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(selectedTab()).toBe('Lottery');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Lottery' }));

    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(selectedTab()).toBe('Casino');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(selectedTab()).toBe('Popular');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(selectedTab()).toBe('Casino');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(selectedTab()).toBe('Popular');
  });

  it('changes tab on a horizontal swipe beyond 5 px, not at 5 px or when mostly vertical', () => {
    render(<Tabs items={ITEMS} label="Categories" />);
    swipe(screen.getByRole('tabpanel'), -5);
    expect(selectedTab()).toBe('Popular');
    swipe(screen.getByRole('tabpanel'), -6);
    expect(selectedTab()).toBe('Lottery');
    swipe(screen.getByRole('tabpanel'), 40, 60);
    expect(selectedTab()).toBe('Lottery');
    swipe(screen.getByRole('tabpanel'), 40);
    expect(selectedTab()).toBe('Popular');
    // No wrap at the ends: swiping right on the first tab stays there.
    swipe(screen.getByRole('tabpanel'), 40);
    expect(selectedTab()).toBe('Popular');
  });

  it('can be controlled by its parent', () => {
    const onSelect = vi.fn();
    function Controlled() {
      const [index, setIndex] = useState(2);
      return (
        <Tabs
          items={ITEMS}
          label="Categories"
          selectedIndex={index}
          onSelect={(i) => {
            onSelect(i);
            setIndex(i);
          }}
        />
      );
    }
    render(<Controlled />);
    expect(selectedTab()).toBe('Casino');
    fireEvent.click(screen.getByRole('tab', { name: 'Lottery' }));
    expect(onSelect).toHaveBeenCalledWith(1);
    expect(selectedTab()).toBe('Lottery');
  });
});
