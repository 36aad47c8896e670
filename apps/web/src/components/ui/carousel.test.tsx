import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel, type CarouselSlide } from './carousel';

const SLIDES: CarouselSlide[] = [
  { id: 'a', content: <p>First promo</p> },
  { id: 'b', content: <p>Second promo</p> },
  { id: 'c', content: <p>Third promo</p> },
];

function current(): string | undefined {
  return screen
    .getAllByRole('button', { name: /^Slide \d$/ })
    .find((dot) => dot.getAttribute('aria-current') === 'true')
    ?.getAttribute('aria-label') ?? undefined;
}

function visibleSlide(): string | null {
  return screen.getByRole('group', { name: /of 3$/, hidden: false }).textContent;
}

function mockReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('is a named carousel region with slide groups and a dot button per slide', () => {
    render(<Carousel slides={SLIDES} label="Promotions" />);
    const region = screen.getByRole('region', { name: 'Promotions' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(screen.getAllByRole('button', { name: /^Slide \d$/ })).toHaveLength(3);
    expect(current()).toBe('Slide 1');
    expect(visibleSlide()).toBe('First promo');
  });

  it('advances every 5000 ms and wraps around', () => {
    render(<Carousel slides={SLIDES} label="Promotions" />);
    act(() => vi.advanceTimersByTime(4999));
    expect(current()).toBe('Slide 1');
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe('Slide 2');
    expect(visibleSlide()).toBe('Second promo');
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe('Slide 3');
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe('Slide 1');
  });

  it('goes to a slide when its dot is pressed', () => {
    render(<Carousel slides={SLIDES} label="Promotions" />);
    fireEvent.click(screen.getByRole('button', { name: 'Slide 3' }));
    expect(current()).toBe('Slide 3');
    expect(visibleSlide()).toBe('Third promo');
  });

  it('pauses while hovered and resumes after', () => {
    render(<Carousel slides={SLIDES} label="Promotions" />);
    const region = screen.getByRole('region', { name: 'Promotions' });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe('Slide 1');
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe('Slide 2');
  });

  it('pauses while it holds focus', () => {
    render(
      <>
        <Carousel slides={SLIDES} label="Promotions" />
        <button type="button">Elsewhere</button>
      </>,
    );
    fireEvent.focus(screen.getByRole('button', { name: 'Slide 1' }));
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe('Slide 1');
    // Focus moving inside the carousel keeps it paused; leaving it resumes.
    fireEvent.blur(screen.getByRole('button', { name: 'Slide 1' }), { relatedTarget: screen.getByRole('button', { name: 'Slide 2' }) });
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe('Slide 1');
    fireEvent.blur(screen.getByRole('button', { name: 'Slide 2' }), { relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }) });
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe('Slide 2');
  });

  it('can be paused and played with its own button', () => {
    render(<Carousel slides={SLIDES} label="Promotions" />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe('Slide 1');
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe('Slide 2');
  });

  it('does not autoplay when the user prefers reduced motion', () => {
    mockReducedMotion(true);
    render(<Carousel slides={SLIDES} label="Promotions" />);
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe('Slide 1');
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).toBeNull();
  });

  it('changes slide on a swipe', () => {
    render(<Carousel slides={SLIDES} label="Promotions" />);
    const viewport = screen.getByText('First promo').closest('.carousel__viewport') as HTMLElement;
    fireEvent.touchStart(viewport, { touches: [{ clientX: 200, clientY: 50 }] });
    fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: 120, clientY: 55 }] });
    expect(current()).toBe('Slide 2');
    fireEvent.touchStart(viewport, { touches: [{ clientX: 100, clientY: 50 }] });
    fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: 180, clientY: 50 }] });
    expect(current()).toBe('Slide 1');
    fireEvent.touchStart(viewport, { touches: [{ clientX: 100, clientY: 50 }] });
    fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: 180, clientY: 50 }] });
    expect(current()).toBe('Slide 3');
  });

  it('hides the slides that are not shown from assistive technology', () => {
    render(<Carousel slides={SLIDES} label="Promotions" />);
    expect(screen.getAllByRole('group', { name: /of 3$/ })).toHaveLength(1);
    const slides = screen.getAllByRole('group', { hidden: true }).filter((g) => g.getAttribute('aria-roledescription') === 'slide');
    expect(slides.map((s) => s.getAttribute('aria-hidden'))).toEqual(['false', 'true', 'true']);
    expect(slides.map((s) => s.hasAttribute('inert'))).toEqual([false, true, true]);
  });
});
