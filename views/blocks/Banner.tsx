// Banners and the slider (CMS blocks banner and slider). A banner is one link: its visible button is the
// link, stretched over the whole banner, so a screen reader hears the short link text in the banner's
// context and a pointer may click anywhere. Every click pushes banner_click (spec 7) with the banner's
// tracking name, and the slide's position inside a slider.
import { useEffect, useId, useState } from 'react';
import type { Banner as BannerData, Block } from '../../src/contracts/content.ts';
import { useShop } from '../lib/context.tsx';
import { useBrowser } from '../lib/browser-port.ts';
import { SmartLink } from './SmartLink.tsx';

export function BannerView({ banner, position, headingLevel = 2 }: { banner: BannerData; position?: number; headingLevel?: 2 | 3 }) {
  const { track } = useBrowser();
  const H = `h${headingLevel}` as 'h2';
  const onClick = () => track({ event: 'banner_click', banner: { name: banner.trackingName, href: banner.href, ...(position ? { position } : {}) } });
  return (
    <div className={`banner banner-${banner.theme}${banner.image ? ' banner-with-image' : ''}`}>
      <div className="banner-copy">
        <H className="banner-headline">{banner.headline}</H>
        {banner.text ? <p className="banner-text">{banner.text}</p> : null}
        <SmartLink href={banner.href} className="button banner-link" onClick={onClick}>{banner.linkLabel}</SmartLink>
      </div>
      {banner.image ? <img className="banner-image" src={banner.image.src} alt={banner.image.alt} width={320} height={200} loading="lazy" /> : null}
    </div>
  );
}

export function BannerBlock({ block }: { block: Extract<Block, { type: 'banner' }> }) {
  return (
    <section className="block container">
      <BannerView banner={block} />
    </section>
  );
}

/** spec: the slider turns every 7 s by itself (with autoplay), stops on hover and focus and for visitors
 * who prefer reduced motion, and has a pause button. */
export const SLIDE_INTERVAL_MS = 7_000;

export function Slider({ block }: { block: Extract<Block, { type: 'slider' }> }) {
  const { t } = useShop();
  const id = useId();
  const total = block.slides.length;
  const [index, setIndex] = useState(0);
  // Autoplay starts in the browser only (the server and the first render show slide 1, still).
  const [playing, setPlaying] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (!block.autoplay) return;
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    setPlaying(!reduced);
  }, [block.autoplay]);

  const turning = playing && !hovered && !focused;
  useEffect(() => {
    if (!turning) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % total), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [turning, total]);

  const go = (delta: number) => setIndex((i) => (i + delta + total) % total);
  return (
    <section
      className="block container slider"
      aria-roledescription={t('slider.carousel')}
      aria-label={block.label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="slider-controls">
        {block.autoplay ? (
          <button type="button" className="slider-button" onClick={() => setPlaying((p) => !p)}>
            {playing ? t('slider.pause') : t('slider.play')}
          </button>
        ) : null}
        <button type="button" className="slider-button" aria-controls={id} onClick={() => go(-1)}>
          <span aria-hidden="true">‹</span> <span className="visually-hidden">{t('slider.previous')}</span>
        </button>
        <p className="slider-count" aria-hidden="true">{t('slider.slideOf', { n: index + 1, total })}</p>
        <button type="button" className="slider-button" aria-controls={id} onClick={() => go(1)}>
          <span className="visually-hidden">{t('slider.next')}</span> <span aria-hidden="true">›</span>
        </button>
      </div>
      <div id={id} className="slider-slides" aria-live={turning ? 'off' : 'polite'}>
        {block.slides.map((slide, i) => (
          <div key={slide.id} role="group" aria-roledescription={t('slider.slide')} aria-label={t('slider.slideOf', { n: i + 1, total })} hidden={i !== index} className="slide">
            <BannerView banner={slide} position={i + 1} />
          </div>
        ))}
      </div>
    </section>
  );
}
