// A store (spec 2 store detail): whether it is open now (computed in the browser, in the store's time
// zone), opening hours and coming closures, address and contact, directions (a route link built from
// the coordinates, and a map behind consent), about, payment methods and reviews.
import { useLoaderData } from 'react-router';
import { RichText } from '../../blocks/RichText.tsx';
import { Address, ContactLinks, HoursList } from '../../blocks/ContactData.tsx';
import { articleDate } from '../../blocks/Articles.tsx';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { OpenStatus, useMinuteClock } from '../../components/OpenStatus.tsx';
import { StoreMap } from '../../components/StoreMap.tsx';
import { useShop } from '../../lib/context.tsx';
import { upcomingClosures } from '../../lib/opening-hours.ts';
import type { StoreDetail } from '../../../src/contracts/content.ts';
import type { StoreDetailData } from './loader.ts';
import { formatNumber } from '../../../src/i18n.ts';

/** Decision (src/content/README.md): directions are a plain link to a route planner, opened in a new tab;
 * nothing loads on our page, so it needs no consent. */
export function directionsHref(s: Pick<StoreDetail, 'lat' | 'lng'>): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${s.lat},${s.lng}`;
}

function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return <span className="stars" aria-hidden="true">{'★'.repeat(full)}{'☆'.repeat(5 - full)}</span>;
}

function Closures({ store }: { store: StoreDetail }) {
  const shop = useShop();
  const now = useMinuteClock();
  // which closures are still to come depends on the day: browser only, like "open now"
  const coming = now ? upcomingClosures(store, now) : [];
  if (coming.length === 0) return null;
  const day = (d: string) => shop.date(`${d}T12:00:00Z`);
  return (
    <div className="store-closures">
      <h3>{shop.t('stores.closures')}</h3>
      <ul>
        {coming.map((c) => (
          <li key={c.from}>
            {c.from === c.to ? day(c.from) : shop.t('stores.dateRange', { from: day(c.from), to: day(c.to) })}: {c.note}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function StoreDetailPage() {
  const { store, storesPage } = useLoaderData() as StoreDetailData;
  const shop = useShop();
  const { t } = shop;
  // one decimal, written the same by the server and every browser (ICU versions differ in grouping)
  const average = formatNumber(Math.round(store.rating.average * 10) / 10, shop.locale, 1);
  return (
    <>
      <Breadcrumb current={store.name} trail={storesPage ? [{ label: storesPage.title, to: storesPage.path }] : []} />
      <div className="container store-detail">
        <header className="store-header">
          <h1 className="page-title">{store.name}</h1>
          <OpenStatus store={store} className="open-status open-status-large" />
        </header>
        <div className="store-grid">
          <section aria-labelledby="store-hours" className="store-panel">
            <h2 id="store-hours">{t('stores.openingHours')}</h2>
            <HoursList hours={store.openingHours} />
            <p className="muted store-zone">{t('stores.localTime', { city: store.city })}</p>
            <Closures store={store} />
          </section>
          <section aria-labelledby="store-contact" className="store-panel">
            <h2 id="store-contact">{t('stores.addressAndContact')}</h2>
            <Address c={store} />
            <ContactLinks phone={store.phone} email={store.email} />
          </section>
        </div>
        <section aria-labelledby="store-about" className="store-section">
          <h2 id="store-about">{t('stores.about')}</h2>
          <RichText doc={store.about} />
        </section>
        <section aria-labelledby="store-directions" className="store-section">
          <h2 id="store-directions">{t('stores.directions')}</h2>
          <div className="store-directions-grid">
            <div>
              <RichText doc={store.directions} />
              <p>
                <a className="button button-primary" href={directionsHref(store)} target="_blank" rel="noopener noreferrer">
                  {t('stores.routePlanner')}
                  <span className="visually-hidden"> ({t('stores.newTab')})</span>
                </a>
              </p>
            </div>
            <StoreMap focus={{ lat: store.lat, lng: store.lng, zoom: 16, marker: true }} title={t('stores.mapOf', { name: store.name })} />
          </div>
        </section>
        <section aria-labelledby="store-payment" className="store-section">
          <h2 id="store-payment">{t('stores.paymentMethods')}</h2>
          <ul className="payment-methods">
            {store.paymentMethods.map((m) => (
              <li key={m}>{t(`stores.payment.${m}`)}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="store-reviews" className="store-section">
          <h2 id="store-reviews">{t('stores.reviews')}</h2>
          {store.rating.count > 0 ? (
            <p className="rating-summary">
              <Stars rating={store.rating.average} /> {t('stores.ratingSummary', { average, count: store.rating.count })}
            </p>
          ) : null}
          <ul className="reviews">
            {store.reviews.map((r) => (
              <li key={`${r.author}-${r.date}`} className="review">
                <p className="review-head">
                  <Stars rating={r.rating} /> <span className="visually-hidden">{t('stores.ratingOf', { rating: r.rating })}</span>
                  <span className="review-author">{r.author}</span>
                  <time dateTime={r.date}>{articleDate(shop, { date: r.date, publishedAt: null })?.label}</time>
                </p>
                <p>{r.text}</p>
              </li>
            ))}
          </ul>
          <p className="muted">{t('stores.reviewsNote')}</p>
        </section>
      </div>
    </>
  );
}
