import { useEffect, useId, useState, type FocusEvent, type ReactNode } from 'react';
import { CAROUSEL_INTERVAL_MS } from '../../config/constants';
import { useI18n } from '../../lib/i18n';
import { useMediaQuery } from './use-media-query';
import { useSwipe } from './use-swipe';
import './carousel.css';

/** One slide. */
export interface CarouselSlide {
  id: string;
  content: ReactNode;
}

/** Props of the carousel. */
export interface CarouselProps {
  slides: readonly CarouselSlide[];
  /** Accessible name of the carousel region, e.g. "Promotions". */
  label: string;
  intervalMs?: number;
  /**
   * A slide swipe needs more travel than the spec's 5 px tab threshold: slides are large tap
   * targets, and a wobbly tap must not flip them.
   */
  swipeThresholdPx?: number;
}

/**
 * A carousel after the WAI-ARIA carousel pattern. It advances every `intervalMs`, but never while
 * the pointer is over it, while it holds focus, when the user paused it, or when the user prefers
 * reduced motion. Dots are buttons ("Slide N"); a horizontal swipe changes the slide.
 */
export function Carousel({ slides, label, intervalMs = CAROUSEL_INTERVAL_MS, swipeThresholdPx = 30 }: CarouselProps) {
  const { t } = useI18n();
  const baseId = useId();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const count = slides.length;
  const autoplay = count > 1 && !reducedMotion;
  const rotating = autoplay && !userPaused && !hovered && !focused;

  // Re-armed after every slide change, so a manual choice also gets a full interval on screen.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [rotating, index, count, intervalMs]);

  const swipe = useSwipe({
    thresholdPx: swipeThresholdPx,
    onSwipeLeft: () => setIndex((i) => (i + 1) % count),
    onSwipeRight: () => setIndex((i) => (i - 1 + count) % count),
  });

  const onBlur = (event: FocusEvent) => {
    // Focus moving between the carousel's own buttons keeps it paused.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className="carousel"
      aria-roledescription={t('carousel.role')}
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div
        className="carousel__viewport"
        id={`${baseId}-slides`}
        // Announcing every automatic change would interrupt; announce only when the user drives.
        aria-live={rotating ? 'off' : 'polite'}
        {...swipe}
      >
        <div className="carousel__track" style={{ transform: `translateX(${-index * 100}%)` }}>
          {slides.map((slide, i) => (
            <div
              key={slide.id}
              className="carousel__slide"
              role="group"
              aria-roledescription={t('carousel.slideRole')}
              aria-label={t('carousel.slideOf', { n: i + 1, total: count })}
              aria-hidden={i !== index}
              inert={i !== index}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className="carousel__controls">
          {autoplay && (
            <button
              type="button"
              className="carousel__pause"
              aria-controls={`${baseId}-slides`}
              onClick={() => setUserPaused((p) => !p)}
            >
              <span className="visually-hidden">{userPaused ? t('carousel.play') : t('carousel.pause')}</span>
              <span aria-hidden="true" className={userPaused ? 'carousel__icon-play' : 'carousel__icon-pause'} />
            </button>
          )}
          <div className="carousel__dots" role="group" aria-label={t('carousel.slides')}>
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                className="carousel__dot"
                aria-label={t('carousel.slide', { n: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                aria-controls={`${baseId}-slides`}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
