// The product page's images: the obverse (coins) or front (bars) large - the page's LCP element, sized and
// fetched with high priority - and every side as a thumbnail button that shows it (named by the side's alt
// text, pressed while shown). The zoom: a button opens a native modal dialog with the larger image and the
// sides to switch; Escape or the close button closes it and the focus returns to the zoom button. A click
// on the large image opens the zoom too (a mouse shortcut; the button is the keyboard's way).
import { useEffect, useRef, useState } from 'react';
import type { ProductImage } from '../../../src/contracts/catalogue.ts';
import { useShop } from '../../lib/context.tsx';

/** the size the zoom asks for; SVG scales, so the dialog's CSS fits it to the screen */
const ZOOM_SIZE = 1000;

/** Shows the zoom's dialog as a modal unless it is open already. jsdom (component tests) has no showModal:
 * there the open attribute shows the same content. */
function showDialog(d: HTMLDialogElement) {
  if (d.open) return;
  if (typeof d.showModal === 'function') d.showModal();
  else d.setAttribute('open', '');
}

export function ProductGallery({ images, name }: { images: ProductImage[]; name: string }) {
  const { t } = useShop();
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const zoomButton = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (zoomed && dialog.current) showDialog(dialog.current);
  }, [zoomed]);
  const image = images[current] ?? images[0];
  if (!image) return <div className="product-gallery" />;
  const closeZoom = () => {
    const d = dialog.current;
    if (d && typeof d.close === 'function') d.close();
    else {
      d?.removeAttribute('open');
      onClosed();
    }
  };
  // A press right after Escape can come before the dialog's close event has set `zoomed` back (a busy
  // machine: CI once saw Space on the zoom button open nothing): the press opens the dialog itself, and the
  // late close event then finds it open and changes nothing.
  const openZoom = () => {
    if (zoomed && dialog.current) showDialog(dialog.current);
    setZoomed(true);
  };
  function onClosed() {
    if (dialog.current?.open) return;
    setZoomed(false);
    zoomButton.current?.focus();
  }
  const sideName = (i: ProductImage) => t(`productPage.gallery.side.${i.side}`);
  const thumbs = (inDialog: boolean) =>
    images.length > 1 ? (
      <ul className="product-gallery-thumbs" aria-label={t('productPage.gallery.sides')}>
        {images.map((img, i) => (
          <li key={img.side}>
            <button type="button" className="product-gallery-thumb" aria-pressed={i === current} onClick={() => setCurrent(i)}>
              {inDialog ? sideName(img) : <img src={img.url} alt={img.alt} width={img.width} height={img.height} loading="lazy" decoding="async" />}
            </button>
          </li>
        ))}
      </ul>
    ) : null;
  return (
    <div className="product-gallery">
      <div className="product-gallery-main">
        <img
          src={image.url}
          alt={image.alt}
          width={image.width}
          height={image.height}
          fetchPriority="high"
          data-side={image.side}
          onClick={openZoom}
        />
        <button type="button" ref={zoomButton} className="button button-quiet button-small product-gallery-zoom" onClick={openZoom}>
          <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16"><circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.8" /><path d="M10 10l4.5 4.5M6.5 4.5v4M4.5 6.5h4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" /></svg>
          {t('productPage.gallery.zoom')}
        </button>
      </div>
      {thumbs(false)}
      <dialog ref={dialog} className="product-zoom" aria-labelledby="product-zoom-title" onClose={onClosed}>
        <div className="product-zoom-head">
          <h2 id="product-zoom-title">{name} – {sideName(image)}</h2>
          <button type="button" className="button button-quiet button-small" onClick={closeZoom} autoFocus>
            {t('productPage.gallery.close')}
          </button>
        </div>
        {zoomed ? <img src={image.url} alt={image.alt} width={ZOOM_SIZE} height={ZOOM_SIZE} /> : null}
        {thumbs(true)}
      </dialog>
    </div>
  );
}
