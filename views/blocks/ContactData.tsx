// Contact data (CMS block contact_data): a store's facts or an office's own, with tel: and mailto: links
// and opening hours. The hours list is shared with the store pages.
import { useId } from 'react';
import type { Block, ContactFacts, OpeningHours } from '../../src/contracts/content.ts';
import { pathFor } from '../../src/screens.ts';
import type { LocaleTag } from '../../src/stores.ts';
import { useShop } from '../lib/context.tsx';
import { hoursByDay, weekdays } from '../lib/opening-hours.ts';
import { Link } from '../components/ShopLink.tsx';
import { cityLine, formatTime } from '../lib/address-format.ts';

export { cityLine, formatTime };

/** Consecutive days with the same hours as one row: Monday–Friday 09:00–18:00, Sunday closed. */
export function groupedHours(hours: OpeningHours[]): { from: number; to: number; ranges: { from: string; to: string }[] }[] {
  const rows: { from: number; to: number; ranges: { from: string; to: string }[] }[] = [];
  for (const day of hoursByDay(hours)) {
    const last = rows[rows.length - 1];
    if (last && JSON.stringify(last.ranges) === JSON.stringify(day.ranges)) last.to = day.weekday;
    else rows.push({ from: day.weekday, to: day.weekday, ranges: day.ranges });
  }
  return rows;
}

export function HoursList({ hours, className = 'hours-list' }: { hours: OpeningHours[]; className?: string }) {
  const { t, locale } = useShop();
  const day = (n: number) => t(`stores.day.${weekdays[n]}`);
  return (
    <dl className={className}>
      {groupedHours(hours).map((row) => (
        <div key={row.from} className="hours-row">
          <dt>{row.from === row.to ? day(row.from) : t('stores.dayRange', { from: day(row.from), to: day(row.to) })}</dt>
          <dd>
            {row.ranges.length === 0
              ? t('stores.closed')
              : row.ranges.map((r) => t('stores.timeRange', { from: formatTime(r.from, locale), to: formatTime(r.to, locale) })).join(', ')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

import { telHref } from '../../src/contracts/display.ts';

export function Address({ c }: { c: Pick<ContactFacts, 'name' | 'streetAddress' | 'postalCode' | 'city' | 'region' | 'country'> }) {
  const { t } = useShop();
  const line = cityLine(c);
  return (
    <address className="address">
      {c.name ? <strong>{c.name}</strong> : null}
      {c.streetAddress ? <span>{c.streetAddress}</span> : null}
      {line.trim() ? <span>{line}</span> : null}
      {c.country ? <span>{t(`stores.country.${c.country}`)}</span> : null}
    </address>
  );
}

export function ContactLinks({ phone, email }: { phone?: string; email?: string }) {
  const { t } = useShop();
  if (!phone && !email) return null;
  return (
    <ul className="contact-links">
      {phone ? (
        <li>
          <span className="contact-label">{t('stores.phone')}</span> <a href={telHref(phone)}>{phone}</a>
        </li>
      ) : null}
      {email ? (
        <li>
          <span className="contact-label">{t('stores.email')}</span> <a href={`mailto:${email}`}>{email}</a>
        </li>
      ) : null}
    </ul>
  );
}

export function ContactData({ block }: { block: Extract<Block, { type: 'contact_data' }> }) {
  const { t, lang } = useShop();
  const id = useId();
  const c = block.contact;
  return (
    <section className="block container contact-data" aria-labelledby={id}>
      <h2 id={id}>{block.headline}</h2>
      <div className="contact-data-grid">
        <div>
          <Address c={c} />
          <ContactLinks phone={c.phone} email={c.email} />
          {c.storeSlug ? (
            <p>
              <Link to={pathFor('storeDetail', lang, { slug: c.storeSlug })}>{t('stores.details', { name: c.name ?? '' })}</Link>
            </p>
          ) : null}
        </div>
        {c.hours.length ? (
          <div>
            <h3 className="contact-hours-title">{t('stores.openingHours')}</h3>
            <HoursList hours={c.hours} />
          </div>
        ) : null}
      </div>
      {c.note ? <p className="contact-note">{c.note}</p> : null}
    </section>
  );
}
