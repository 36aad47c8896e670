/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultBall } from './balls';
import { TREND_ROWS, TrendLines } from './records';

describe('trend chart', () => {
  const digits = [3, 0, 9, 5, 5].map((digit, i) => ({ period: `2026112310001${i}`, digit }));

  it('draws one ball per result, newest on top, and a line joining each to the one before it', () => {
    const { container, getByRole } = render(<TrendLines digits={digits} />);
    expect(getByRole('img').getAttribute('aria-label')).toBe('Trend chart of the last 5 results, newest first: 5, 5, 9, 0, 3');
    const balls = [...container.querySelectorAll('.wingo-trend__ball')];
    expect(balls.map((b) => b.textContent)).toEqual(['5', '5', '9', '0', '3']);
    const centres = balls.map((b) => {
      const c = b.querySelector('circle')!;
      return `${c.getAttribute('cx')},${c.getAttribute('cy')}`;
    });
    // The line passes through the centre of every ball in order: a result in column d sits at x = 44 + 24 d + 12.
    expect(container.querySelector('polyline')!.getAttribute('points')).toBe(centres.join(' '));
    expect(centres).toEqual(['176,12', '176,36', '272,60', '56,84', '128,108']);
    // 0 and 5 are split balls (a gradient with violet); the others plain colours.
    expect(balls.map((b) => b.getAttribute('class')!.split('--').pop())).toEqual(['green-violet', 'green-violet', 'green', 'red-violet', 'green']);
    expect(balls[0]!.querySelector('circle')!.getAttribute('fill')).toMatch(/^url\(#.+-green\)$/);
    expect(balls[2]!.querySelector('circle')!.getAttribute('fill')).toBeNull();
  });

  it('draws at most the latest rows, and no line for a single result', () => {
    const many = Array.from({ length: TREND_ROWS + 7 }, (_, i) => ({ period: String(1000 + i), digit: i % 10 }));
    const { container } = render(<TrendLines digits={many} />);
    expect(container.querySelectorAll('.wingo-trend__ball')).toHaveLength(TREND_ROWS);
    expect(container.querySelector('.wingo-trend__ball')!.textContent).toBe(String((TREND_ROWS + 6) % 10));
    const one = render(<TrendLines digits={[{ period: '1', digit: 4 }]} />);
    expect(one.container.querySelector('polyline')).toBeNull();
  });
});

describe('result ball', () => {
  it('names the digit with its colours and size, from the rule table', () => {
    const { getByRole, rerender } = render(<ResultBall digit={5} />);
    expect(getByRole('img').getAttribute('aria-label')).toBe('5: Green and Violet, Big');
    expect(getByRole('img').className).toContain('ball--green-violet');
    rerender(<ResultBall digit={8} />);
    expect(getByRole('img').getAttribute('aria-label')).toBe('8: Red, Big');
    rerender(<ResultBall digit={null} />);
    expect(getByRole('img').getAttribute('aria-label')).toBe('Voided');
  });
});

describe('trend chart colours', () => {
  // Read from disk: Vitest hands CSS imports to tests as empty modules. In SVG a stylesheet's fill
  // beats the fill attribute, so the sheet must leave the split balls' gradient alone.
  const css = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'wingo-records.css'), 'utf8');

  it('paints 0 and 5 with their two-colour gradient, not the blank ball', () => {
    const style = document.createElement('style');
    style.textContent = css;
    document.head.append(style);
    try {
      const { container } = render(<TrendLines digits={[0, 5, 7].map((digit, i) => ({ period: `2026112310002${i}`, digit }))} />);
      // What SVG paints: the last rule of the sheet that sets a fill on the circle, else its attribute.
      const rules = [...style.sheet!.cssRules].filter((r): r is CSSStyleRule => r instanceof CSSStyleRule && r.style.fill !== '');
      const painted = [...container.querySelectorAll('.wingo-trend__ball circle')].map((c) => rules.filter((r) => c.matches(r.selectorText)).pop()?.style.fill ?? c.getAttribute('fill'));
      // Newest first: 7 (plain green), 5 (green and violet), 0 (red and violet).
      expect(painted[0]).toBe('var(--c-green-deep)');
      expect(painted[1]).toMatch(/^url\(#.+-green\)$/);
      expect(painted[2]).toMatch(/^url\(#.+-red\)$/);
    } finally {
      style.remove();
    }
  });
});
