import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { MessageKey } from '../../../lib/i18n/keys';
import { t } from '../../../lib/i18n/locale';
import './home.css';

/** Slider constants (spec §9): autoplay every 5000 ms, looping. */
export const HERO_AUTOPLAY_MS = 5000;

const SLIDES: Array<{ image: string; title: MessageKey; text: MessageKey; cta: MessageKey; to: string }> = [
  { image: '/images/hero/hero-1.svg', title: 'home.slide1.title', text: 'home.slide1.text', cta: 'home.slide1.cta', to: '/shop' },
  { image: '/images/hero/hero-2.svg', title: 'home.slide2.title', text: 'home.slide2.text', cta: 'home.slide2.cta', to: '/product-category/men' },
  { image: '/images/hero/hero-3.svg', title: 'home.slide3.title', text: 'home.slide3.text', cta: 'home.slide3.cta', to: '/product-category/women' },
];

/**
 * Three slides that fade in turn (spec §2 Home: autoplay, loop, pagination; 600 px high on desktop).
 * Autoplay pauses while the pointer or keyboard focus is inside, and with the pause button (WCAG 2.2.2).
 */
export function HeroSlider() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const id = useId();

  useEffect(() => {
    if (paused || hovered) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % SLIDES.length), HERO_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [index, paused, hovered]);

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label={t('home.featured')}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHovered(false);
      }}
    >
      <div className="hero__slides" id={`${id}-slides`} aria-live={paused ? 'polite' : 'off'}>
        {SLIDES.map((slide, i) => (
          <div
            key={slide.image}
            className={`hero__slide${i === index ? ' hero__slide--active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.slideOf', { n: i + 1, total: SLIDES.length })}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            <img
              className="hero__image"
              src={slide.image}
              alt=""
              width={1600}
              height={600}
              fetchPriority={i === 0 ? 'high' : 'low'}
              decoding={i === 0 ? 'sync' : 'async'}
            />
            <div className="container hero__content">
              <h2 className="hero__title">{t(slide.title)}</h2>
              <p className="hero__text">{t(slide.text)}</p>
              <Link to={slide.to} className="button button--large hero__cta">
                {t(slide.cta)}
              </Link>
            </div>
          </div>
        ))}
      </div>
      <div className="hero__controls">
        <button type="button" className="hero__pause" onClick={() => setPaused((p) => !p)} aria-label={paused ? t('home.play') : t('home.pause')}>
          <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
        </button>
        <ul className="hero__dots">
          {SLIDES.map((slide, i) => (
            <li key={slide.image}>
              <button
                type="button"
                className="hero__dot"
                aria-label={t('home.goToSlide', { n: i + 1 })}
                aria-current={i === index || undefined}
                aria-controls={`${id}-slides`}
                onClick={() => setIndex(i)}
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
