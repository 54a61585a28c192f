import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import './home.css';

/** Slider constants (spec §9): autoplay every 5000 ms, looping. */
export const HERO_AUTOPLAY_MS = 5000;

const SLIDES = [
  { image: '/images/hero/hero-1.svg', title: 'New Season Tees', text: 'Soft 180 GSM combed cotton, made for Dhaka summers.', cta: 'Shop Now', to: '/shop' },
  { image: '/images/hero/hero-2.svg', title: 'Graphic Tees That Roar', text: 'Bold prints that keep their colour wash after wash.', cta: 'Shop Men', to: '/product-category/men' },
  { image: '/images/hero/hero-3.svg', title: 'Everyday Basics for Her', text: 'Plain tees, crop tops and oversized fits.', cta: 'Shop Women', to: '/product-category/women' },
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
      aria-label="Featured collections"
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
            aria-label={`${i + 1} of ${SLIDES.length}`}
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
              <h2 className="hero__title">{slide.title}</h2>
              <p className="hero__text">{slide.text}</p>
              <Link to={slide.to} className="button button--large hero__cta">
                {slide.cta}
              </Link>
            </div>
          </div>
        ))}
      </div>
      <div className="hero__controls">
        <button type="button" className="hero__pause" onClick={() => setPaused((p) => !p)} aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}>
          <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
        </button>
        <ul className="hero__dots">
          {SLIDES.map((slide, i) => (
            <li key={slide.image}>
              <button
                type="button"
                className="hero__dot"
                aria-label={`Go to slide ${i + 1}`}
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
