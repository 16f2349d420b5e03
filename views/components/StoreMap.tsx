// The store map: an OpenStreetMap embed (the CSP frames exactly its origin), loaded only with Targeting
// consent (spec 2: a maps service needs marketing consent), a placeholder otherwise.
import { ConsentGate } from './consent/ConsentGate.tsx';
import { useShop } from '../lib/context.tsx';

export interface MapFocus {
  lat: number;
  lng: number;
  zoom: number;
  /** a marker at the centre (a single store) */
  marker?: boolean;
}

/** The embed's URL: a box around the centre as wide as the zoom level shows in a ~640 x 400 frame. */
export function osmEmbedUrl(f: MapFocus): string {
  const lonSpan = (360 / 2 ** f.zoom) * (640 / 256);
  const latSpan = lonSpan * Math.cos((f.lat * Math.PI) / 180) * (400 / 640);
  const r = (n: number) => n.toFixed(4);
  const bbox = [f.lng - lonSpan / 2, f.lat - latSpan / 2, f.lng + lonSpan / 2, f.lat + latSpan / 2].map(r).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik${f.marker ? `&marker=${r(f.lat)},${r(f.lng)}` : ''}`;
}

export function StoreMap({ focus, title }: { focus: MapFocus; title: string }) {
  const { t } = useShop();
  return (
    <ConsentGate group="targeting" title={title} text={t('consent.map.text')} allowLabel={t('consent.map.allow')} className="store-map">
      {() => <iframe src={osmEmbedUrl(focus)} title={title} width={640} height={400} loading="lazy" referrerPolicy="strict-origin-when-cross-origin" />}
    </ConsentGate>
  );
}
