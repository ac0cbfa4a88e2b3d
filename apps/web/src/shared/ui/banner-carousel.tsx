import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/use-translation.ts';

export interface Banner {
  id: number;
  name: string;
  imageUrl: string;
  href?: string;
}

const AUTOPLAY_MS = 3_000;

/**
 * The home banner carousel (SPEC.md §1: autoplay, loop, 120 px high): one banner at a time, the
 * next every 3 s, back to the first after the last; dots to choose one. Pauses while touched or
 * focused, and for users who prefer reduced motion.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useT();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reduced = useRef(typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
  const count = banners.length;

  useEffect(() => {
    if (count < 2 || paused || reduced.current) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (count === 0) return null;
  const current = index % count;
  return (
    <section
      className="banner-carousel"
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      data-testid="banner-carousel"
      onPointerDown={() => setPaused(true)}
      onPointerUp={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="banner-carousel__track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {banners.map((banner, position) => {
          const image = <img src={banner.imageUrl} alt={banner.name} height={120} loading={position === 0 ? 'eager' : 'lazy'} decoding="async" />;
          return (
            <div key={banner.id} className="banner-carousel__slide" aria-hidden={position !== current} role="group" aria-roledescription="slide">
              {banner.href ? (
                <a href={banner.href} tabIndex={position === current ? 0 : -1} rel="noopener noreferrer">
                  {image}
                </a>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className="banner-carousel__dots">
          {banners.map((banner, position) => (
            <button
              key={banner.id}
              type="button"
              className={`banner-carousel__dot${position === current ? ' is-active' : ''}`}
              aria-label={banner.name}
              aria-current={position === current}
              onClick={() => setIndex(position)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
