// What each coin of the seed shows on its two sides: the motif and the inscriptions the issuer strikes.
// Coins carry their own fixed inscriptions (the Krugerrand's Afrikaans and English, the Philharmoniker's
// German, the Maple Leaf's English and French), so a coin's images are the same in both shop languages.
// The alt texts describe each side's motif in German and English.
import type { MetalName } from '../../contracts/pricing-attributes.ts';
import type { MotifName } from './coin-motifs.ts';
import type { Texts } from './reference.ts';

export interface CoinFace {
  motif: MotifName;
  /** legend along the upper rim */
  top?: string;
  /** legend along the lower rim */
  bottom?: string;
  /** small texts in the field, left and right of the motif (the Maple Leaf's 9999, a split year) */
  left?: string;
  right?: string;
  /** a line under the motif (face value, weight) */
  below?: string;
  /** what the side shows, for the alt text */
  shows: Texts;
}

export interface CoinDesign { obverse: CoinFace; reverse: CoinFace }

export interface CoinContext {
  sku: string;
  family: string;
  metal: MetalName;
  /** weight class: 1oz, 1/10oz, 30g, 1kg */
  weight: string | null;
  fineness: number | null;
}

const METAL_EN: Record<MetalName, string> = { gold: 'GOLD', silver: 'SILVER', platinum: 'PLATINUM', palladium: 'PALLADIUM' };
const METAL_DE: Record<MetalName, string> = { gold: 'GOLD', silver: 'SILBER', platinum: 'PLATIN', palladium: 'PALLADIUM' };
const YEAR = '2026';

/** "1oz" -> "1 OZ", "1/10oz" -> "1/10 OZ", "30g" -> "30 g", "1kg" -> "1 KILO" */
function oz(weight: string | null): string {
  if (!weight) return '';
  const m = /^([\d./]+)(oz|g|kg)$/.exec(weight);
  if (!m) return weight.toUpperCase();
  return m[2] === 'oz' ? `${m[1]} OZ` : m[2] === 'kg' ? `${m[1]} KILO` : `${m[1]} g`;
}

const value = (table: Record<string, string>, weight: string | null) => table[weight ?? ''] ?? table['1oz'] ?? '';

const kingShows: Texts = { de: 'Porträt von König Charles III.', en: 'portrait of King Charles III' };

function australianObverse(c: CoinContext, values: Record<string, string>): CoinFace {
  return { motif: 'monarch', top: 'CHARLES III · AUSTRALIA', bottom: `${YEAR} · ${value(values, c.weight)}`, shows: kingShows };
}

const designs: Record<string, (c: CoinContext) => CoinDesign> = {
  krugerrand: (c) => ({
    obverse: { motif: 'kruger', top: 'SUID-AFRIKA · SOUTH AFRICA', shows: { de: 'Porträt von Paul Kruger', en: 'portrait of Paul Kruger' } },
    reverse: {
      motif: 'springbok', top: 'KRUGERRAND', left: YEAR.slice(0, 2), right: YEAR.slice(2),
      bottom: c.metal === 'silver' ? `FYNSILWER ${oz(c.weight)} FINE SILVER` : `FYNGOUD ${oz(c.weight)} FINE GOLD`,
      shows: { de: 'Springbock', en: 'springbok' },
    },
  }),
  philharmoniker: (c) => {
    const euro = c.metal === 'silver' ? '1,50 EURO' : value({ '1oz': '100 EURO', '1/2oz': '50 EURO', '1/4oz': '25 EURO', '1/10oz': '10 EURO', '1/25oz': '4 EURO' }, c.weight);
    const unze = oz(c.weight).replace('OZ', 'UNZE');
    return {
      obverse: {
        motif: 'organ', top: 'REPUBLIK ÖSTERREICH', below: `${unze} ${METAL_DE[c.metal]} ${c.fineness ?? ''}`.trim(), bottom: `${YEAR} · ${euro}`,
        shows: { de: 'die Orgel im Goldenen Saal des Wiener Musikvereins', en: 'the organ of the Golden Hall of the Vienna Musikverein' },
      },
      reverse: { motif: 'instruments', top: 'WIENER PHILHARMONIKER', shows: { de: 'Cello, Geigen, Wiener Horn, Fagott und Harfe', en: 'cello, violins, Vienna horn, bassoon and harp' } },
    };
  },
  maple: (c) => {
    const dollars = c.metal === 'silver' ? '5 DOLLARS' : value({ '1oz': '50 DOLLARS', '1/4oz': '10 DOLLARS', '1/10oz': '5 DOLLARS' }, c.weight);
    const french = { gold: 'OR PUR', silver: 'ARGENT PUR', platinum: 'PLATINE PUR', palladium: 'PALLADIUM PUR' }[c.metal];
    const fine = c.metal === 'platinum' || c.metal === 'palladium' ? '9995' : '9999';
    return {
      obverse: { motif: 'monarch', top: 'CHARLES III · D · G · REX', bottom: `${dollars} · ${YEAR}`, shows: kingShows },
      reverse: {
        motif: 'maple', top: 'CANADA', left: fine, right: fine, bottom: `FINE ${METAL_EN[c.metal]} ${oz(c.weight)} ${french}`,
        shows: { de: 'Ahornblatt', en: 'maple leaf' },
      },
    };
  },
  britannia: (c) => ({
    obverse: { motif: 'monarch', top: 'CHARLES III · D · G · REX · F · D', bottom: `${c.metal === 'gold' ? '100 POUNDS' : '2 POUNDS'} · ${YEAR}`, shows: kingShows },
    reverse: {
      motif: 'britannia', top: 'BRITANNIA', bottom: `${oz(c.weight)} FINE ${METAL_EN[c.metal]} ${c.fineness ?? ''}`.trim(),
      shows: { de: 'Britannia mit Dreizack und Schild', en: 'Britannia with trident and shield' },
    },
  }),
  'britannia-2012': () => ({
    obverse: { motif: 'queen', top: 'ELIZABETH II · D · G · REG · F · D', bottom: '2 POUNDS', shows: { de: 'Porträt von Königin Elizabeth II.', en: 'portrait of Queen Elizabeth II' } },
    reverse: { motif: 'britannia', top: 'BRITANNIA 2012', bottom: '1 OZ FINE SILVER', shows: { de: 'Britannia mit Dreizack und Schild', en: 'Britannia with trident and shield' } },
  }),
  kangaroo: (c) => ({
    obverse: australianObverse(c, c.metal === 'silver' ? { '1oz': '1 DOLLAR' } : { '1oz': '100 DOLLARS', '1/10oz': '15 DOLLARS' }),
    reverse: { motif: 'kangaroo', top: 'AUSTRALIAN KANGAROO', bottom: `${oz(c.weight)} 9999 ${METAL_EN[c.metal]}`, shows: { de: 'springendes Känguru', en: 'bounding kangaroo' } },
  }),
  'eagle-gold': (c) => ({
    obverse: {
      motif: 'liberty-walking', top: 'LIBERTY', right: YEAR,
      shows: { de: 'schreitende Freiheitsstatue mit Fackel und Ölzweig', en: 'Liberty striding with torch and olive branch' },
    },
    reverse: {
      motif: 'eagle-head', top: 'UNITED STATES OF AMERICA', below: 'E PLURIBUS UNUM',
      bottom: `${oz(c.weight)}. FINE GOLD ~ ${value({ '1oz': '50 DOLLARS', '1/10oz': '5 DOLLARS' }, c.weight)}`,
      shows: { de: 'Kopf eines Weißkopfseeadlers', en: 'head of a bald eagle' },
    },
  }),
  'eagle-silver': () => ({
    obverse: { motif: 'liberty-flag', top: 'LIBERTY', bottom: `IN GOD WE TRUST · ${YEAR}`, shows: { de: 'Walking Liberty in die Flagge gehüllt', en: 'Walking Liberty draped in the flag' } },
    reverse: { motif: 'eagle-landing', top: 'UNITED STATES OF AMERICA', below: 'E PLURIBUS UNUM', bottom: '1 OZ. FINE SILVER ~ ONE DOLLAR', shows: { de: 'landender Adler mit Eichenzweig', en: 'eagle landing with an oak branch' } },
  }),
  'eagle-platinum': () => ({
    obverse: { motif: 'statue-liberty', top: 'LIBERTY', bottom: `IN GOD WE TRUST · ${YEAR}`, shows: { de: 'Kopf der Freiheitsstatue mit Strahlenkrone', en: 'head of the Statue of Liberty with its crown' } },
    reverse: { motif: 'eagle-landing', top: 'UNITED STATES OF AMERICA', bottom: '1 OZ. · .9995 PLATINUM · $100', shows: { de: 'Adler mit ausgebreiteten Schwingen', en: 'eagle with spread wings' } },
  }),
  'eagle-palladium': () => ({
    obverse: { motif: 'winged-liberty', top: 'LIBERTY', bottom: `IN GOD WE TRUST · ${YEAR}`, shows: { de: 'Kopf der geflügelten Liberty', en: 'head of Winged Liberty' } },
    reverse: { motif: 'eagle-landing', top: 'UNITED STATES OF AMERICA', bottom: '$25 · 1 OZ. .9995 FINE PD', shows: { de: 'Adler mit Ölzweig', en: 'eagle with an olive branch' } },
  }),
  buffalo: () => ({
    obverse: { motif: 'indian-head', top: 'LIBERTY', right: YEAR, shows: { de: 'Kopf eines amerikanischen Ureinwohners', en: 'head of a Native American' } },
    reverse: { motif: 'bison', top: 'UNITED STATES OF AMERICA', below: 'E PLURIBUS UNUM', bottom: '$50 · 1 OZ. .9999 FINE GOLD', shows: { de: 'Bison auf einem Hügel', en: 'bison standing on a mound' } },
  }),
  panda: (c) => ({
    // the Chinese legend is left out: the shop's fonts may have no Chinese characters
    obverse: { motif: 'temple', bottom: YEAR, shows: { de: 'Himmelstempel in Peking', en: 'Temple of Heaven in Beijing' } },
    reverse: { motif: 'panda', bottom: `${oz(c.weight)} ${c.metal === 'gold' ? 'Au' : 'Ag'}.999`, shows: { de: 'Großer Panda im Bambus', en: 'giant panda among bamboo' } },
  }),
  libertad: (c) => ({
    obverse: { motif: 'mexican-arms', top: 'ESTADOS UNIDOS MEXICANOS', shows: { de: 'mexikanisches Wappen: Adler mit Schlange auf einem Kaktus', en: 'Mexican coat of arms: eagle with a snake on a cactus' } },
    reverse: {
      motif: 'victoria', top: c.metal === 'gold' ? '1 ONZA TROY DE ORO PURO' : 'ONZA TROY DE PLATA PURA', bottom: `LEY .999 · ${YEAR}`,
      shows: { de: 'Siegesgöttin vor den Vulkanen Popocatépetl und Iztaccíhuatl', en: 'Winged Victory before the volcanoes Popocatépetl and Iztaccíhuatl' },
    },
  }),
  'lunar-horse': (c) => ({
    obverse: australianObverse(c, c.metal === 'silver' ? { '1oz': '1 DOLLAR' } : { '1oz': '100 DOLLARS' }),
    reverse: { motif: 'horse', top: 'YEAR OF THE HORSE', bottom: `2026 · ${oz(c.weight)} 9999 ${METAL_EN[c.metal]}`, shows: { de: 'galoppierendes Pferd', en: 'galloping horse' } },
  }),
  'lunar-goat': (c) => ({
    obverse: { ...australianObverse(c, c.metal === 'silver' ? { '1oz': '1 DOLLAR' } : { '1oz': '100 DOLLARS' }), bottom: `2027 · ${c.metal === 'silver' ? '1 DOLLAR' : '100 DOLLARS'}` },
    reverse: { motif: 'goat', top: 'YEAR OF THE GOAT', bottom: `2027 · ${oz(c.weight)} 9999 ${METAL_EN[c.metal]}`, shows: { de: 'Ziege auf einem Felsen', en: 'goat on a rock' } },
  }),
  sovereign: () => ({
    // mixed years 1957 to date: Elizabeth II's portrait, no year
    obverse: { motif: 'queen', top: 'ELIZABETH · II · DEI · GRA · REG · FID · DEF', shows: { de: 'Porträt von Königin Elizabeth II.', en: 'portrait of Queen Elizabeth II' } },
    reverse: { motif: 'st-george', shows: { de: 'Heiliger Georg mit dem Drachen', en: 'Saint George slaying the dragon' } },
  }),
  'sovereign-1911': () => ({
    obverse: { motif: 'monarch-george', top: 'GEORGIVS V D.G.BRITT:OMN:REX F.D.IND:IMP:', shows: { de: 'Porträt von König Georg V.', en: 'portrait of King George V' } },
    reverse: { motif: 'st-george', bottom: '1911', shows: { de: 'Heiliger Georg mit dem Drachen', en: 'Saint George slaying the dragon' } },
  }),
  vreneli: (c) => {
    const year = { 'NU-VRENELI-20FR-1935LB': '1935 L B', 'NU-VRENELI-20FR-1926B': '1926 B', 'NU-VRENELI-10FR-1922B': '1922 B' }[c.sku] ?? 'B';
    return {
      obverse: { motif: 'helvetia', top: 'HELVETIA', shows: { de: 'Helvetia mit Edelweißkranz vor den Alpen', en: 'Helvetia with an edelweiss garland before the Alps' } },
      reverse: { motif: 'swiss-shield', below: c.sku.includes('10FR') ? '10 Fr.' : '20 Fr.', bottom: year, shows: { de: 'Schweizerkreuz im Schild mit Eichenzweig', en: 'Swiss cross on a shield with an oak branch' } },
    };
  },
  ducat: () => ({
    obverse: { motif: 'emperor', top: 'FRANC·IOS·I·D·G·AUSTRIAE IMPERATOR', shows: { de: 'Porträt von Kaiser Franz Joseph I. mit Lorbeerkranz', en: 'laureate portrait of Emperor Franz Joseph I' } },
    reverse: {
      motif: 'double-eagle', top: 'HUNGAR·BOHEM·GAL·LOD·ILL·REX·A·A', bottom: '1915',
      shows: { de: 'gekrönter Doppeladler', en: 'crowned double-headed eagle' },
    },
  }),
  corona: () => ({
    obverse: { motif: 'emperor', top: 'FRANC·IOS·I·D·G·IMP·AUSTR·REX BOH·GAL·ILL·ETC·ET AP·REX HUNG', shows: { de: 'Porträt von Kaiser Franz Joseph I.', en: 'portrait of Emperor Franz Joseph I' } },
    reverse: { motif: 'double-eagle', top: '100 CORONA', bottom: '1915', shows: { de: 'gekrönter Doppeladler', en: 'crowned double-headed eagle' } },
  }),
  mark20: () => ({
    obverse: { motif: 'kaiser', top: 'WILHELM II DEUTSCHER KAISER KÖNIG V. PREUSSEN', below: 'A', shows: { de: 'Porträt von Kaiser Wilhelm II. in Uniform', en: 'portrait of Emperor Wilhelm II in uniform' } },
    reverse: { motif: 'reichsadler', top: 'DEUTSCHES REICH 1913', bottom: '20 MARK', shows: { de: 'Reichsadler mit Krone', en: 'crowned imperial eagle' } },
  }),
  kookaburra: (c) => ({
    obverse: australianObverse(c, { '1oz': '1 DOLLAR', '10oz': '10 DOLLARS', '1kg': '30 DOLLARS' }),
    reverse: { motif: 'kookaburra', top: 'AUSTRALIAN KOOKABURRA', bottom: `${oz(c.weight)} 9999 SILVER`, shows: { de: 'Kookaburra auf einem Ast', en: 'kookaburra perched on a branch' } },
  }),
  koala: (c) => ({
    obverse: australianObverse(c, { '1oz': '1 DOLLAR' }),
    reverse: { motif: 'koala', top: 'AUSTRALIAN KOALA', bottom: `${oz(c.weight)} 9999 SILVER`, shows: { de: 'Koala auf einem Eukalyptusast', en: 'koala on a eucalyptus branch' } },
  }),
  noble: () => ({
    obverse: { motif: 'monarch', top: 'ISLE OF MAN · CHARLES III', bottom: YEAR, shows: kingShows },
    reverse: { motif: 'longship', top: 'THE NOBLE', bottom: '1 OZ · PLATINUM 9995', shows: { de: 'Wikinger-Langschiff unter Segel', en: 'Viking longship under sail' } },
  }),
};

const starts = (prefix: string) => (c: CoinContext) => c.family.startsWith(prefix);
const is = (family: string) => (c: CoinContext) => c.family === family;

/** the first match wins: specific product lines before the prefixes that would also match them */
const familyDesigns: [(c: CoinContext) => boolean, string][] = [
  [starts('krugerrand'), 'krugerrand'], [starts('philharmoniker'), 'philharmoniker'], [starts('maple-leaf'), 'maple'],
  [is('britannia-silver-958'), 'britannia-2012'], [starts('britannia'), 'britannia'], [starts('kangaroo'), 'kangaroo'],
  [starts('american-eagle-gold'), 'eagle-gold'], [(c) => c.family.startsWith('american-eagle') && c.metal === 'silver', 'eagle-silver'],
  [(c) => c.family.startsWith('american-eagle') && c.metal === 'platinum', 'eagle-platinum'],
  [(c) => c.family.startsWith('american-eagle') && c.metal === 'palladium', 'eagle-palladium'],
  [is('american-buffalo-gold'), 'buffalo'], [starts('panda'), 'panda'], [starts('libertad'), 'libertad'],
  [(c) => c.family.startsWith('lunar') && c.sku.includes('GOAT'), 'lunar-goat'], [starts('lunar'), 'lunar-horse'],
  [is('sovereign-numismatic'), 'sovereign-1911'], [starts('sovereign'), 'sovereign'], [starts('vreneli'), 'vreneli'],
  [starts('ducat'), 'ducat'], [starts('corona'), 'corona'], [is('20-mark-prussia'), 'mark20'],
  [starts('kookaburra'), 'kookaburra'], [starts('koala'), 'koala'], [starts('noble'), 'noble'],
];

/** The design of a seed coin, by its product line (family) and, where a line mixes designs, its sku. */
export function coinDesign(c: CoinContext): CoinDesign | null {
  const key = familyDesigns.find(([test]) => test(c))?.[1];
  const make = key ? designs[key] : undefined;
  return make ? make(c) : null;
}
