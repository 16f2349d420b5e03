// "Open now" / "Closed, opens at ..." (spec 2 store detail), computed in the browser after hydration in the
// store's time zone (views/lib/opening-hours.ts). The server and the first browser render show the same
// neutral text: the answer depends on the moment, and the guest page cache serves one HTML all day.
import { useEffect, useState } from 'react';
import { openingStatus, weekdays, type StoreHours } from '../lib/opening-hours.ts';
import { useShop } from '../lib/context.tsx';
import { formatTime } from '../blocks/ContactData.tsx';

/** The current moment, re-read every minute; null on the server and in the hydrating render. */
export function useMinuteClock(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function OpenStatus({ store, className = 'open-status' }: { store: StoreHours; className?: string }) {
  const shop = useShop();
  const { t, locale } = shop;
  const now = useMinuteClock();
  if (!now) {
    return <p className={className} data-state="unknown">{t('stores.status.seeHours')}</p>;
  }
  const s = openingStatus(store, now);
  let text: string;
  if (s.open) text = t('stores.status.open', { time: formatTime(s.closesAt, locale) });
  else if (!s.next) text = t('stores.status.closed');
  else {
    const time = formatTime(s.next.time, locale);
    const when =
      s.next.daysAhead === 0 ? t('stores.status.today', { time })
        : s.next.daysAhead === 1 ? t('stores.status.tomorrow', { time })
          : s.next.daysAhead < 7 ? t('stores.status.onDay', { day: t(`stores.day.${weekdays[s.next.weekday]}`), time })
            : t('stores.status.onDate', { date: shop.date(`${s.next.date}T12:00:00Z`), time });
    text = s.closure ? t('stores.status.closedFor', { note: s.closure.note, when }) : t('stores.status.closedOpens', { when });
  }
  return (
    <p className={className} data-state={s.open ? 'open' : 'closed'} data-testid="open-status">
      <span className="open-dot" aria-hidden="true" />
      {text}
    </p>
  );
}
