// The seed catalogue: real-world bullion coins, minted and cast bars, numismatic coins and accessories in
// the four metals. Facts (fineness, weights, diameters, thicknesses, years) are the issuers' published
// specifications; dimensions of bars are the refiners' nominal sizes. The order of this list is the
// shop's curated default order (spec 5 sort field "default"), topsellers are lifted to the top.
// model.ts turns each entry into the full product (ids, slugs, categories, texts of both languages,
// pricing attributes); the weight placeholder {w} in names becomes "1 Unze" / "1 oz".
import type { RawProduct } from './model.ts';

type Line = Omit<RawProduct, 'sku' | 'weight' | 'premiumBp'>;
type Variant = Partial<RawProduct> & Pick<RawProduct, 'sku' | 'premiumBp'>;

/** one product line in several weights: the line's facts, each weight's own facts */
function line(common: Line, variants: Variant[]): RawProduct[] {
  return variants.map((v) => ({ ...common, ...v }) as RawProduct);
}

const since = (year: number) => ({ de: `seit ${year}`, en: `since ${year}` });
const unlimited = { de: 'Unbegrenzt (Anlagemünze)', en: 'Unlimited (bullion coin)' };
const mintage = (n: number) => ({
  de: `${n.toLocaleString('de-AT').replace(/\u00a0/g, '.')} Stück`,
  en: `${n.toLocaleString('en-US')} pieces`,
});
const barEdition = { de: 'Laufende Produktion', en: 'Current production' };

// ---- gold coins ----------------------------------------------------------------------------------

const krugerrand = line({
  family: 'krugerrand-gold', type: 'coin', metal: 'gold',
  name: { de: 'Krügerrand {w} Gold', en: 'Krugerrand {w} Gold' },
  fineness: 916.7, manufacturer: 'south-african-mint', series: { de: 'Krügerrand', en: 'Krugerrand' },
  grade: 'bu', years: since(1967), edition: unlimited, packaging: 'capsule', certificate: 'none',
  description: {
    de: 'Der Krügerrand ist die meistgehandelte Goldmünze der Welt, seit 1967 von der South African Mint geprägt. Die Legierung aus 22 Karat Gold mit Kupfer gibt ihm die rötliche Farbe und eine kratzfeste Oberfläche; der Goldgehalt ist exakt {w} Feingold.',
    en: 'The Krugerrand is the most traded gold coin in the world, struck by the South African Mint since 1967. Its 22-carat gold and copper alloy gives the reddish tone and a scratch-resistant surface; it contains exactly {w} of fine gold.',
  },
}, [
  { sku: 'AU-KRUG-1OZ', weight: '1oz', grossG: 33.93, diameterMm: 32.77, thicknessMm: 2.84, premiumBp: 300, badges: ['topseller'] },
  { sku: 'AU-KRUG-1-2OZ', weight: '1/2oz', grossG: 16.97, diameterMm: 27.07, thicknessMm: 2.215, premiumBp: 500 },
  { sku: 'AU-KRUG-1-4OZ', weight: '1/4oz', grossG: 8.48, diameterMm: 22.06, thicknessMm: 1.888, premiumBp: 700 },
  { sku: 'AU-KRUG-1-10OZ', weight: '1/10oz', grossG: 3.39, diameterMm: 16.55, thicknessMm: 1.35, premiumBp: 1100, badges: ['sale'] },
]);

const philharmonikerGold = line({
  family: 'philharmoniker-gold', type: 'coin', metal: 'gold',
  name: { de: 'Wiener Philharmoniker {w} Gold', en: 'Vienna Philharmonic {w} Gold' },
  fineness: 999.9, manufacturer: 'austrian-mint', series: { de: 'Wiener Philharmoniker', en: 'Vienna Philharmonic' },
  grade: 'bu', years: since(1989), edition: unlimited, packaging: 'tube', certificate: 'none',
  description: {
    de: 'Die Anlagemünze der Münze Österreich zeigt die Orgel des Goldenen Saals im Wiener Musikverein und die Instrumente der Wiener Philharmoniker. Feingold 999,9, {w}, gesetzliches Zahlungsmittel in Österreich.',
    en: 'The Austrian Mint\'s bullion coin shows the organ of the Golden Hall of the Vienna Musikverein and the instruments of the Vienna Philharmonic. 999.9 fine gold, {w}, legal tender in Austria.',
  },
}, [
  { sku: 'AU-PHIL-1OZ', weight: '1oz', grossG: 31.103, diameterMm: 37, thicknessMm: 2, premiumBp: 320, badges: ['topseller'] },
  { sku: 'AU-PHIL-1-2OZ', weight: '1/2oz', grossG: 15.552, diameterMm: 28, thicknessMm: 1.6, premiumBp: 520 },
  { sku: 'AU-PHIL-1-4OZ', weight: '1/4oz', grossG: 7.776, diameterMm: 22, thicknessMm: 1.2, premiumBp: 720 },
  { sku: 'AU-PHIL-1-10OZ', weight: '1/10oz', grossG: 3.121, diameterMm: 16, thicknessMm: 1.2, premiumBp: 1150 },
  { sku: 'AU-PHIL-1-25OZ', weight: '1/25oz', grossG: 1.244, diameterMm: 13, thicknessMm: 0.8, premiumBp: 2000 },
]);

const mapleGold = line({
  family: 'maple-leaf-gold', type: 'coin', metal: 'gold',
  name: { de: 'Maple Leaf {w} Gold', en: 'Maple Leaf {w} Gold' },
  fineness: 999.9, manufacturer: 'royal-canadian-mint', series: { de: 'Maple Leaf', en: 'Maple Leaf' },
  grade: 'bu', years: since(1979), edition: unlimited, packaging: 'tube', certificate: 'none',
  description: {
    de: 'Das Ahornblatt Kanadas in 999,9 Feingold, seit 1979 von der Royal Canadian Mint geprägt. Radiale Linien und ein mikrograviertes Sicherheitsmerkmal schützen vor Fälschungen. {w} Feingold.',
    en: 'Canada\'s maple leaf in 999.9 fine gold, struck by the Royal Canadian Mint since 1979. Radial lines and a micro-engraved security mark protect against counterfeits. {w} of fine gold.',
  },
}, [
  { sku: 'AU-MAPLE-1OZ', weight: '1oz', grossG: 31.11, diameterMm: 30, thicknessMm: 2.87, premiumBp: 330, badges: ['topseller'] },
  { sku: 'AU-MAPLE-1-4OZ', weight: '1/4oz', grossG: 7.797, diameterMm: 20, thicknessMm: 1.7, premiumBp: 720 },
  { sku: 'AU-MAPLE-1-10OZ', weight: '1/10oz', grossG: 3.131, diameterMm: 16, thicknessMm: 1.22, premiumBp: 1150 },
]);

const otherGoldCoins: RawProduct[] = [
  ...line({
    family: 'britannia-gold', type: 'coin', metal: 'gold',
    name: { de: 'Britannia {w} Gold', en: 'Britannia {w} Gold' },
    fineness: 999.9, manufacturer: 'royal-mint', series: { de: 'Britannia', en: 'Britannia' },
    grade: 'bu', years: since(1987), edition: unlimited, packaging: 'capsule', certificate: 'none',
    description: {
      de: 'Die britische Anlagemünze der Royal Mint zeigt Britannia mit Dreizack und Schild. Seit 2013 in 999,9 Feingold, mit Sicherheitsmerkmalen seit 2021. {w} Feingold.',
      en: 'The Royal Mint\'s British bullion coin shows Britannia with trident and shield. In 999.9 fine gold since 2013, with security features since 2021. {w} of fine gold.',
    },
  }, [
    { sku: 'AU-BRIT-1OZ', weight: '1oz', grossG: 31.21, diameterMm: 38.61, thicknessMm: 2.89, premiumBp: 340 },
  ]),
  ...line({
    family: 'kangaroo-gold', type: 'coin', metal: 'gold',
    name: { de: 'Känguru {w} Gold', en: 'Kangaroo {w} Gold' },
    fineness: 999.9, manufacturer: 'perth-mint', series: { de: 'Känguru', en: 'Kangaroo' },
    grade: 'bu', years: since(1986), edition: unlimited, packaging: 'capsule', certificate: 'none',
    description: {
      de: 'Die Perth Mint prägt das Känguru (früher „Nugget") seit 1986 in 999,9 Feingold; das Motiv des springenden Kängurus ist seit 2016 unverändert. {w} Feingold.',
      en: 'The Perth Mint has struck the Kangaroo (formerly "Nugget") in 999.9 fine gold since 1986; the leaping kangaroo design has been unchanged since 2016. {w} of fine gold.',
    },
  }, [
    { sku: 'AU-KANG-1OZ', weight: '1oz', grossG: 31.107, diameterMm: 32.6, thicknessMm: 2.65, premiumBp: 350 },
    { sku: 'AU-KANG-1-10OZ', weight: '1/10oz', grossG: 3.13, diameterMm: 16.1, thicknessMm: 1.27, premiumBp: 1150 },
  ]),
  ...line({
    family: 'american-eagle-gold', type: 'coin', metal: 'gold',
    name: { de: 'American Eagle {w} Gold', en: 'American Gold Eagle {w}' },
    fineness: 916.7, manufacturer: 'us-mint', series: { de: 'American Eagle', en: 'American Eagle' },
    grade: 'bu', years: since(1986), edition: unlimited, packaging: 'capsule', certificate: 'none',
    description: {
      de: 'Die offizielle Goldanlagemünze der USA, 22 Karat, mit der Lady Liberty nach Augustus Saint-Gaudens und seit 2021 dem neuen Adlerkopf-Motiv. {w} Feingold.',
      en: 'The official gold bullion coin of the United States, 22 carat, with Augustus Saint-Gaudens\' Lady Liberty and, since 2021, the new eagle head design. {w} of fine gold.',
    },
  }, [
    { sku: 'AU-EAGLE-1OZ', weight: '1oz', grossG: 33.931, diameterMm: 32.7, thicknessMm: 2.87, premiumBp: 450 },
    { sku: 'AU-EAGLE-1-10OZ', weight: '1/10oz', grossG: 3.393, diameterMm: 16.5, thicknessMm: 1.19, premiumBp: 1400, availability: 'soldOut' },
  ]),
  ...line({
    family: 'american-buffalo-gold', type: 'coin', metal: 'gold',
    name: { de: 'American Buffalo {w} Gold', en: 'American Buffalo {w} Gold' },
    fineness: 999.9, manufacturer: 'us-mint', series: { de: 'American Buffalo', en: 'American Buffalo' },
    grade: 'bu', years: since(2006), edition: unlimited, packaging: 'capsule', certificate: 'none',
    description: {
      de: 'Die erste 24-Karat-Goldmünze der US Mint greift das Büffel-Motiv des Buffalo Nickel von James Earle Fraser auf. {w} Feingold 999,9.',
      en: 'The US Mint\'s first 24-carat gold coin revives James Earle Fraser\'s Buffalo Nickel design. {w} of 999.9 fine gold.',
    },
  }, [
    { sku: 'AU-BUFF-1OZ', weight: '1oz', grossG: 31.108, diameterMm: 32.7, thicknessMm: 2.95, premiumBp: 460 },
  ]),
  ...line({
    family: 'panda-gold', type: 'coin', metal: 'gold',
    name: { de: 'China Panda {w} Gold 2026', en: 'China Panda {w} Gold 2026' },
    fineness: 999, manufacturer: 'china-gold-coin', series: { de: 'Panda', en: 'Panda' },
    grade: 'bu', years: { de: '2026', en: '2026' }, edition: unlimited, packaging: 'capsule', certificate: 'none',
    description: {
      de: 'Jedes Jahr zeigt der chinesische Panda ein neues Motiv; seit 2016 in metrischen Gewichten. Die Ausgabe 2026 mit {w} Feingold 999.',
      en: 'Every year the Chinese Panda shows a new design; metric weights since 2016. The 2026 issue with {w} of 999 fine gold.',
    },
  }, [
    { sku: 'AU-PANDA-30G-2026', weight: '30g', grossG: 30, diameterMm: 32, thicknessMm: 2.7, premiumBp: 800, badges: ['new'] },
  ]),
  ...line({
    family: 'libertad-gold', type: 'coin', metal: 'gold',
    name: { de: 'Libertad {w} Gold', en: 'Libertad {w} Gold' },
    fineness: 999, manufacturer: 'casa-de-moneda-mexico', series: { de: 'Libertad', en: 'Libertad' },
    grade: 'bu', years: since(1991), edition: unlimited, packaging: 'capsule', certificate: 'none',
    description: {
      de: 'Die mexikanische Anlagemünze zeigt den Siegesengel vor den Vulkanen Popocatépetl und Iztaccíhuatl. Geringe Auflagen machen sie bei Sammlern beliebt. {w} Feingold.',
      en: 'Mexico\'s bullion coin shows the Winged Victory before the volcanoes Popocatépetl and Iztaccíhuatl. Low mintages make it popular with collectors. {w} of fine gold.',
    },
  }, [
    { sku: 'AU-LIBERTAD-1OZ', weight: '1oz', grossG: 31.103, diameterMm: 34.5, thicknessMm: 2.97, premiumBp: 650 },
  ]),
  ...line({
    family: 'lunar-iii-gold', type: 'coin', metal: 'gold',
    name: { de: 'Lunar III {y} {w} Gold', en: 'Lunar III {y} {w} Gold' },
    fineness: 999.9, manufacturer: 'perth-mint', series: { de: 'Lunar III', en: 'Lunar Series III' },
    grade: 'bu', packaging: 'capsule', certificate: 'none',
    description: {
      de: 'Die dritte Lunar-Serie der Perth Mint ehrt die Tiere des chinesischen Kalenders, jedes Jahr ein neues. {w} Feingold 999,9, limitierte Jahresauflage.',
      en: 'The Perth Mint\'s third Lunar series honours the animals of the Chinese calendar, a new one each year. {w} of 999.9 fine gold, limited yearly mintage.',
    },
  }, [
    {
      sku: 'AU-LUNAR3-HORSE-1OZ', weight: '1oz', grossG: 31.107, diameterMm: 32.6, thicknessMm: 2.65, premiumBp: 700,
      nameYear: { de: 'Pferd 2026', en: 'Horse 2026' }, years: { de: '2026', en: '2026' }, edition: mintage(30000), badges: ['new'],
    },
    {
      sku: 'AU-LUNAR3-GOAT-1OZ', weight: '1oz', grossG: 31.107, diameterMm: 32.6, thicknessMm: 2.65, premiumBp: 720,
      nameYear: { de: 'Ziege 2027', en: 'Goat 2027' }, years: { de: '2027', en: '2027' }, edition: mintage(30000),
      availability: 'preorder', badges: ['preorder', 'new'],
    },
  ]),
  ...line({
    family: 'sovereign-gold', type: 'coin', metal: 'gold',
    name: { de: 'Sovereign Gold', en: 'Sovereign Gold' },
    fineness: 916.7, manufacturer: 'royal-mint', series: { de: 'Sovereign', en: 'Sovereign' },
    grade: 'vf-xf', years: { de: '1957 bis heute, gemischte Jahrgänge', en: '1957 to date, mixed years' }, edition: unlimited,
    packaging: 'capsule', certificate: 'none',
    description: {
      de: 'Die britische Goldmünze mit dem heiligen Georg im Kampf mit dem Drachen, 22 Karat. Moderne Prägungen aus gemischten Jahrgängen, 7,32 g Feingold.',
      en: 'The British gold coin with Saint George slaying the dragon, 22 carat. Modern strikes of mixed years, 7.32 g of fine gold.',
    },
  }, [
    { sku: 'AU-SOVEREIGN', fineWeightGrams: 7.3224, grossG: 7.98805, diameterMm: 22.05, thicknessMm: 1.52, premiumBp: 600, badges: ['sale'] },
  ]),
  ...line({
    family: 'vreneli-20-gold', type: 'coin', metal: 'gold',
    name: { de: 'Vreneli 20 Franken Gold', en: 'Vreneli 20 Francs Gold' },
    fineness: 900, manufacturer: 'swiss-mint', series: { de: 'Vreneli', en: 'Vreneli' },
    grade: 'vf-xf', years: { de: '1897 bis 1949, gemischte Jahrgänge', en: '1897 to 1949, mixed years' }, edition: { de: '58,6 Millionen Stück (alle Jahrgänge)', en: '58.6 million pieces (all years)' },
    packaging: 'loose', certificate: 'none',
    description: {
      de: 'Das „Goldvreneli" mit dem Kopf der Helvetia vor Alpenpanorama ist die bekannteste Goldmünze der Schweiz. Gemischte Jahrgänge, 5,806 g Feingold.',
      en: 'The "Goldvreneli" with Helvetia before an Alpine panorama is Switzerland\'s best-known gold coin. Mixed years, 5.806 g of fine gold.',
    },
  }, [
    { sku: 'AU-VRENELI-20FR', fineWeightGrams: 5.806, grossG: 6.4516, diameterMm: 21, thicknessMm: 1.3, premiumBp: 550, badges: ['topseller'] },
  ]),
  ...line({
    family: 'ducat-gold', type: 'coin', metal: 'gold',
    name: { de: '{n} Dukaten Gold 1915 (Nachprägung)', en: '{n} Ducat Gold 1915 (restrike)' },
    fineness: 986.1, manufacturer: 'austrian-mint', series: { de: 'Dukaten', en: 'Ducat' },
    grade: 'bu', years: { de: '1915 (offizielle Nachprägung)', en: '1915 (official restrike)' }, edition: unlimited,
    packaging: 'capsule', certificate: 'none',
    description: {
      de: 'Offizielle Nachprägung der Münze Österreich mit dem Bildnis Kaiser Franz Josephs I. und der Jahreszahl 1915, 23,66 Karat.',
      en: 'Official Austrian Mint restrike with the portrait of Emperor Franz Joseph I and the date 1915, 23.66 carat.',
    },
  }, [
    {
      sku: 'AU-DUCAT-4', nameCount: { de: '4', en: '4' }, fineWeightGrams: 13.769, grossG: 13.9636, diameterMm: 39.5, thicknessMm: 0.7, premiumBp: 450,
    },
    {
      sku: 'AU-DUCAT-1', nameCount: { de: '1', en: '1' }, fineWeightGrams: 3.4424, grossG: 3.4909, diameterMm: 19.75, thicknessMm: 0.75, premiumBp: 900,
    },
  ]),
  ...line({
    family: 'corona-100-gold', type: 'coin', metal: 'gold',
    name: { de: '100 Kronen Gold 1915 (Nachprägung)', en: '100 Corona Gold 1915 (restrike)' },
    fineness: 900, manufacturer: 'austrian-mint', series: { de: 'Kronen', en: 'Corona' },
    grade: 'bu', years: { de: '1915 (offizielle Nachprägung)', en: '1915 (official restrike)' }, edition: unlimited,
    packaging: 'capsule', certificate: 'none',
    description: {
      de: 'Die größte Goldmünze der k.u.k. Monarchie als offizielle Nachprägung der Münze Österreich: 30,49 g Feingold zu einem geringen Aufgeld.',
      en: 'The largest gold coin of the Austro-Hungarian monarchy as an official Austrian Mint restrike: 30.49 g of fine gold at a low premium.',
    },
  }, [
    { sku: 'AU-CORONA-100', fineWeightGrams: 30.487, grossG: 33.875, diameterMm: 37, thicknessMm: 2.1, premiumBp: 300, badges: ['sale'] },
  ]),
];

// ---- gold bars -----------------------------------------------------------------------------------

const minted = { type: 'bar' as const, metal: 'gold' as const, production: 'minted' as const, fineness: 999.9, edition: barEdition };
const cast = { type: 'bar' as const, metal: 'gold' as const, production: 'cast' as const, fineness: 999.9, edition: barEdition };
const mintedDesc = (maker: string) => ({
  de: `Geprägter Goldbarren von ${maker} mit {w} Feingold 999,9, LBMA-zertifiziert, versiegelt im Blister mit Prüfzertifikat und Seriennummer.`,
  en: `Minted gold bar by ${maker} with {w} of 999.9 fine gold, LBMA good delivery refiner, sealed in a blister with assay certificate and serial number.`,
});
const castDesc = (maker: string) => ({
  de: `Gegossener Goldbarren von ${maker}: {w} Feingold 999,9, mit eingeschlagener Seriennummer, Feingehalt und Scheideanstaltsmarke. Gegossene Barren haben das geringste Aufgeld.`,
  en: `Cast gold bar by ${maker}: {w} of 999.9 fine gold, stamped with serial number, fineness and refiner's mark. Cast bars carry the lowest premium.`,
});
const goldBar = (name: string) => ({ de: `Goldbarren {w} ${name}`, en: `Gold bar {w} ${name}` });
const goldBarCast = (name: string) => ({ de: `Goldbarren {w} ${name} gegossen`, en: `Gold bar {w} ${name} cast` });

const goldBars: RawProduct[] = [
  { ...minted, sku: 'AU-BAR-VALCAMBI-1G', family: 'valcambi-gold-minted', name: goldBar('Valcambi'), weight: '1g', manufacturer: 'valcambi', lengthMm: 15, widthMm: 8.7, thicknessMm: 0.45, grossG: 1, packaging: 'blister-card', certificate: 'assay-card', premiumBp: 1800, description: mintedDesc('Valcambi') },
  { ...minted, sku: 'AU-BAR-HAFNER-1G', family: 'c-hafner-gold-minted', name: goldBar('C. Hafner'), weight: '1g', manufacturer: 'c-hafner', lengthMm: 14, widthMm: 8, thicknessMm: 0.5, grossG: 1, packaging: 'blister-card', certificate: 'assay-card', premiumBp: 1900, description: mintedDesc('C. Hafner') },
  { ...minted, sku: 'AU-BAR-PAMP-2.5G', family: 'pamp-fortuna-gold', name: goldBar('PAMP Fortuna'), series: { de: 'Fortuna', en: 'Fortuna' }, weight: '2.5g', manufacturer: 'pamp', lengthMm: 19, widthMm: 11.9, thicknessMm: 0.6, grossG: 2.5, packaging: 'blister-card', certificate: 'assay-card', premiumBp: 1100, description: mintedDesc('PAMP') },
  { ...minted, sku: 'AU-BAR-ARGOR-5G', family: 'argor-heraeus-gold-minted', name: goldBar('Argor-Heraeus'), weight: '5g', manufacturer: 'argor-heraeus', lengthMm: 23.3, widthMm: 13.9, thicknessMm: 0.8, grossG: 5, packaging: 'blister-card', certificate: 'assay-card', premiumBp: 750, description: mintedDesc('Argor-Heraeus') },
  { ...minted, sku: 'AU-BAR-HERAEUS-10G', family: 'heraeus-gold-minted', name: goldBar('Heraeus'), weight: '10g', manufacturer: 'heraeus', lengthMm: 31, widthMm: 18, thicknessMm: 0.95, grossG: 10, packaging: 'blister-card', certificate: 'assay-card', premiumBp: 480, badges: ['topseller'], description: mintedDesc('Heraeus') },
  { ...minted, sku: 'AU-BAR-AUSTRIANMINT-10G', family: 'austrian-mint-gold-bar', name: { de: 'Goldbarren {w} Münze Österreich', en: 'Gold bar {w} Austrian Mint' }, weight: '10g', manufacturer: 'austrian-mint', lengthMm: 30, widthMm: 17.5, thicknessMm: 1, grossG: 10, packaging: 'blister-card', certificate: 'assay-card', premiumBp: 500, description: { de: 'Geprägter Goldbarren der Münze Österreich mit {w} Feingold 999,9, versiegelt im Blister mit Prüfzertifikat und Seriennummer.', en: 'Minted gold bar by the Austrian Mint with {w} of 999.9 fine gold, sealed in a blister with assay certificate and serial number.' } },
  { ...minted, sku: 'AU-BAR-UMICORE-20G', family: 'umicore-gold-minted', name: goldBar('Umicore'), weight: '20g', manufacturer: 'umicore', lengthMm: 34, widthMm: 20, thicknessMm: 1.55, grossG: 20, packaging: 'blister-card', certificate: 'assay-card', premiumBp: 380, description: mintedDesc('Umicore') },
  { ...minted, sku: 'AU-BAR-PAMP-1OZ', family: 'pamp-fortuna-gold', name: goldBar('PAMP Fortuna'), series: { de: 'Fortuna', en: 'Fortuna' }, weight: '1oz', manufacturer: 'pamp', lengthMm: 41, widthMm: 24, thicknessMm: 1.65, grossG: 31.103, packaging: 'blister-card', certificate: 'assay-card', premiumBp: 280, badges: ['topseller'], description: mintedDesc('PAMP') },
  { ...minted, sku: 'AU-BAR-PERTH-1OZ', family: 'perth-mint-gold-minted', name: goldBar('Perth Mint'), weight: '1oz', manufacturer: 'perth-mint', lengthMm: 45, widthMm: 26, thicknessMm: 1.4, grossG: 31.103, packaging: 'blister-card', certificate: 'assay-card', premiumBp: 300, description: mintedDesc('der Perth Mint') },
  { ...minted, sku: 'AU-BAR-RCM-1OZ', family: 'rcm-gold-minted', name: goldBar('Royal Canadian Mint'), weight: '1oz', fineness: 999.99, manufacturer: 'royal-canadian-mint', lengthMm: 41, widthMm: 24, thicknessMm: 1.7, grossG: 31.103, packaging: 'blister-card', certificate: 'assay-card', premiumBp: 320,
    description: { de: 'Geprägter Goldbarren der Royal Canadian Mint in der seltenen Feinheit 999,99 mit {w} Feingold, im Blister mit Seriennummer.', en: 'Minted gold bar by the Royal Canadian Mint in the rare fineness 999.99 with {w} of fine gold, in a blister with serial number.' } },
  { ...minted, sku: 'AU-BAR-ARGOR-50G', family: 'argor-heraeus-gold-minted', name: goldBar('Argor-Heraeus'), weight: '50g', manufacturer: 'argor-heraeus', lengthMm: 47.8, widthMm: 28.2, thicknessMm: 1.95, grossG: 50, packaging: 'blister-card', certificate: 'assay-card', premiumBp: 230, description: mintedDesc('Argor-Heraeus') },
  { ...minted, sku: 'AU-BAR-VALCAMBI-COMBI-50G', family: 'valcambi-combibar-gold', name: { de: 'Valcambi CombiBar Gold 50 x 1 g', en: 'Valcambi CombiBar Gold 50 x 1 g' }, weight: '50g', manufacturer: 'valcambi', series: { de: 'CombiBar', en: 'CombiBar' }, lengthMm: 54.4, widthMm: 47.1, thicknessMm: 1, grossG: 50, packaging: 'blister-card', certificate: 'assay-card', premiumBp: 520, badges: ['new'],
    description: { de: 'Die Tafel aus 50 Einzelbarren zu je 1 g lässt sich von Hand teilen: Gold in kleinen Stückelungen zum Preis eines 50-g-Barrens. Feingold 999,9 mit Zertifikat.', en: 'A plate of 50 single 1 g bars that you can break apart by hand: gold in small units at the price of a 50 g bar. 999.9 fine gold with certificate.' },
    image: { combi: true } },
  { ...minted, sku: 'AU-BAR-HERAEUS-100G', family: 'heraeus-gold-minted', name: goldBar('Heraeus'), weight: '100g', manufacturer: 'heraeus', lengthMm: 55, widthMm: 31, thicknessMm: 3.05, grossG: 100, packaging: 'blister-card', certificate: 'assay-card', premiumBp: 190, badges: ['topseller'], description: mintedDesc('Heraeus') },
  { ...cast, sku: 'AU-BAR-UMICORE-100G-CAST', family: 'umicore-gold-cast', name: goldBarCast('Umicore'), weight: '100g', manufacturer: 'umicore', lengthMm: 50, widthMm: 25, thicknessMm: 4.1, grossG: 100, packaging: 'foil', certificate: 'serial-assay', premiumBp: 170, badges: ['sale'], description: castDesc('Umicore') },
  { ...cast, sku: 'AU-BAR-VALCAMBI-250G-CAST', family: 'valcambi-gold-cast', name: goldBarCast('Valcambi'), weight: '250g', manufacturer: 'valcambi', lengthMm: 70, widthMm: 35, thicknessMm: 5.3, grossG: 250, packaging: 'foil', certificate: 'serial-assay', premiumBp: 160, description: castDesc('Valcambi') },
  { ...cast, sku: 'AU-BAR-METALOR-500G-CAST', family: 'metalor-gold-cast', name: goldBarCast('Metalor'), weight: '500g', manufacturer: 'metalor', lengthMm: 95, widthMm: 42, thicknessMm: 6.5, grossG: 500, packaging: 'foil', certificate: 'serial-assay', premiumBp: 150, availability: 'soldOut', description: castDesc('Metalor') },
  { ...cast, sku: 'AU-BAR-HERAEUS-1KG-CAST', family: 'heraeus-gold-cast', name: goldBarCast('Heraeus'), weight: '1kg', manufacturer: 'heraeus', lengthMm: 116, widthMm: 53, thicknessMm: 9, grossG: 1000, packaging: 'foil', certificate: 'serial-assay', premiumBp: 120, description: castDesc('Heraeus') },
  { ...cast, sku: 'AU-BAR-ARGOR-1KG-CAST', family: 'argor-heraeus-gold-cast', name: goldBarCast('Argor-Heraeus'), weight: '1kg', manufacturer: 'argor-heraeus', lengthMm: 116, widthMm: 53, thicknessMm: 9, grossG: 1000, packaging: 'foil', certificate: 'serial-assay', premiumBp: 125, description: castDesc('Argor-Heraeus') },
];

// ---- silver coins --------------------------------------------------------------------------------

const silverCoin = (x: Partial<RawProduct> & Pick<RawProduct, 'sku' | 'family' | 'name' | 'premiumBp' | 'description'>): RawProduct => ({
  type: 'coin', metal: 'silver', grade: 'bu', edition: unlimited, packaging: 'tube', certificate: 'none', ...x,
} as RawProduct);

const silverCoins: RawProduct[] = [
  silverCoin({
    sku: 'AG-PHIL-1OZ', family: 'philharmoniker-silver', name: { de: 'Wiener Philharmoniker {w} Silber', en: 'Vienna Philharmonic {w} Silver' },
    weight: '1oz', fineness: 999, grossG: 31.103, diameterMm: 37, thicknessMm: 3.2, manufacturer: 'austrian-mint',
    series: { de: 'Wiener Philharmoniker', en: 'Vienna Philharmonic' }, years: since(2008), premiumBp: 1800, badges: ['topseller'],
    description: { de: 'Die meistverkaufte Silbermünze Europas: der Philharmoniker der Münze Österreich in 999 Feinsilber, {w}. In Tuben zu 20 Stück und Masterboxen zu 500 Stück erhältlich.', en: 'Europe\'s best-selling silver coin: the Austrian Mint\'s Philharmonic in 999 fine silver, {w}. Available in tubes of 20 and master boxes of 500.' },
  }),
  silverCoin({
    sku: 'AG-MAPLE-1OZ', family: 'maple-leaf-silver', name: { de: 'Maple Leaf {w} Silber', en: 'Maple Leaf {w} Silver' },
    weight: '1oz', fineness: 999.9, grossG: 31.11, diameterMm: 38, thicknessMm: 3.29, manufacturer: 'royal-canadian-mint',
    series: { de: 'Maple Leaf', en: 'Maple Leaf' }, years: since(1988), premiumBp: 1900, badges: ['topseller'],
    description: { de: 'Die Silberausgabe des kanadischen Ahornblatts in 999,9 Feinsilber mit radialen Linien und Sicherheitsmerkmal, {w}.', en: 'The silver issue of Canada\'s maple leaf in 999.9 fine silver with radial lines and security mark, {w}.' },
  }),
  silverCoin({
    sku: 'AG-MAPLE-1OZ-DUTYFREE', family: 'maple-leaf-silver', name: { de: 'Maple Leaf {w} Silber (Zollfreilager)', en: 'Maple Leaf {w} Silver (duty-free storage)' },
    weight: '1oz', fineness: 999.9, grossG: 31.11, diameterMm: 38, thicknessMm: 3.29, manufacturer: 'royal-canadian-mint',
    series: { de: 'Maple Leaf', en: 'Maple Leaf' }, years: since(1988), premiumBp: 1500, dutyFree: true, packaging: 'box',
    description: { de: 'Maple Leaf Silber im Zollfreilager: ohne Mehrwertsteuer gekauft und direkt im Depot gelagert. Ein Verkauf ist nur über unseren Kundenservice möglich.', en: 'Maple Leaf silver in duty-free storage: bought without VAT and kept in your deposit. Selling back is possible only through our customer service.' },
  }),
  silverCoin({
    sku: 'AG-BRIT-1OZ', family: 'britannia-silver', name: { de: 'Britannia {w} Silber', en: 'Britannia {w} Silver' },
    weight: '1oz', fineness: 999, grossG: 31.21, diameterMm: 38.61, thicknessMm: 3, manufacturer: 'royal-mint',
    series: { de: 'Britannia', en: 'Britannia' }, years: since(1997), premiumBp: 1900,
    description: { de: 'Britannia in 999 Feinsilber mit vier Sicherheitsmerkmalen der Royal Mint, {w}.', en: 'Britannia in 999 fine silver with the Royal Mint\'s four security features, {w}.' },
  }),
  silverCoin({
    sku: 'AG-KANG-1OZ', family: 'kangaroo-silver', name: { de: 'Känguru {w} Silber', en: 'Kangaroo {w} Silver' },
    weight: '1oz', fineness: 999.9, grossG: 31.107, diameterMm: 40.6, thicknessMm: 3.2, manufacturer: 'perth-mint',
    series: { de: 'Känguru', en: 'Kangaroo' }, years: since(2016), premiumBp: 1850, badges: ['sale'],
    description: { de: 'Das australische Känguru der Perth Mint in 999,9 Feinsilber, {w}, eine der günstigsten Silbermünzen.', en: 'The Perth Mint\'s Australian Kangaroo in 999.9 fine silver, {w}, one of the lowest-premium silver coins.' },
  }),
  silverCoin({
    sku: 'AG-EAGLE-1OZ', family: 'american-eagle-silver', name: { de: 'American Eagle {w} Silber', en: 'American Silver Eagle {w}' },
    weight: '1oz', fineness: 999, grossG: 31.101, diameterMm: 40.6, thicknessMm: 2.98, manufacturer: 'us-mint',
    series: { de: 'American Eagle', en: 'American Eagle' }, years: since(1986), premiumBp: 3000,
    description: { de: 'Die Silberanlagemünze der USA mit der „Walking Liberty" von Adolph A. Weinman, {w} Feinsilber 999.', en: 'The United States\' silver bullion coin with Adolph A. Weinman\'s "Walking Liberty", {w} of 999 fine silver.' },
  }),
  silverCoin({
    sku: 'AG-KRUG-1OZ', family: 'krugerrand-silver', name: { de: 'Krügerrand {w} Silber', en: 'Krugerrand {w} Silver' },
    weight: '1oz', fineness: 999, grossG: 31.103, diameterMm: 38.725, thicknessMm: 2.85, manufacturer: 'south-african-mint',
    series: { de: 'Krügerrand', en: 'Krugerrand' }, years: since(2018), premiumBp: 2000, packaging: 'capsule',
    description: { de: 'Der Springbock des Krügerrands seit 2018 auch in 999 Feinsilber, {w}.', en: 'The Krugerrand\'s springbok, since 2018 also in 999 fine silver, {w}.' },
  }),
  silverCoin({
    sku: 'AG-PANDA-30G-2026', family: 'panda-silver', name: { de: 'China Panda {w} Silber 2026', en: 'China Panda {w} Silver 2026' },
    weight: '30g', fineness: 999, grossG: 30, diameterMm: 40, thicknessMm: 3, manufacturer: 'china-gold-coin',
    series: { de: 'Panda', en: 'Panda' }, years: { de: '2026', en: '2026' }, premiumBp: 3500, badges: ['new'], packaging: 'capsule',
    description: { de: 'Der Silberpanda 2026 mit neuem Jahresmotiv, {w} Feinsilber 999.', en: 'The 2026 silver Panda with its new yearly design, {w} of 999 fine silver.' },
  }),
  silverCoin({
    sku: 'AG-LIBERTAD-1OZ', family: 'libertad-silver', name: { de: 'Libertad {w} Silber', en: 'Libertad {w} Silver' },
    weight: '1oz', fineness: 999, grossG: 31.103, diameterMm: 40, thicknessMm: 3.2, manufacturer: 'casa-de-moneda-mexico',
    series: { de: 'Libertad', en: 'Libertad' }, years: since(1982), premiumBp: 3400, packaging: 'capsule',
    description: { de: 'Der mexikanische Libertad in 999 Feinsilber, {w}, mit dem Siegesengel vor den Vulkanen.', en: 'The Mexican Libertad in 999 fine silver, {w}, with the Winged Victory before the volcanoes.' },
  }),
  silverCoin({
    sku: 'AG-KOOKABURRA-1OZ-2026', family: 'kookaburra-silver', name: { de: 'Kookaburra {w} Silber 2026', en: 'Kookaburra {w} Silver 2026' },
    weight: '1oz', fineness: 999.9, grossG: 31.107, diameterMm: 40.6, thicknessMm: 4, manufacturer: 'perth-mint',
    series: { de: 'Kookaburra', en: 'Kookaburra' }, years: { de: '2026', en: '2026' }, edition: mintage(500000), premiumBp: 2500, packaging: 'capsule',
    description: { de: 'Der lachende Hans der Perth Mint, seit 1990 jedes Jahr mit neuem Motiv. Ausgabe 2026, {w} Feinsilber 999,9.', en: 'The Perth Mint\'s laughing kookaburra, with a new design every year since 1990. 2026 issue, {w} of 999.9 fine silver.' },
  }),
  silverCoin({
    sku: 'AG-KOALA-1OZ-2026', family: 'koala-silver', name: { de: 'Koala {w} Silber 2026', en: 'Koala {w} Silver 2026' },
    weight: '1oz', fineness: 999.9, grossG: 31.107, diameterMm: 40.6, thicknessMm: 4, manufacturer: 'perth-mint',
    series: { de: 'Koala', en: 'Koala' }, years: { de: '2026', en: '2026' }, edition: mintage(300000), premiumBp: 2600, packaging: 'capsule', badges: ['new'],
    description: { de: 'Der australische Koala mit neuem Jahresmotiv 2026, {w} Feinsilber 999,9.', en: 'The Australian Koala with its new 2026 design, {w} of 999.9 fine silver.' },
  }),
  silverCoin({
    sku: 'AG-LUNAR3-HORSE-1OZ', family: 'lunar-iii-silver', name: { de: 'Lunar III Pferd 2026 {w} Silber', en: 'Lunar III Horse 2026 {w} Silver' },
    weight: '1oz', fineness: 999.9, grossG: 31.107, diameterMm: 45.6, thicknessMm: 3.2, manufacturer: 'perth-mint',
    series: { de: 'Lunar III', en: 'Lunar Series III' }, years: { de: '2026', en: '2026' }, edition: mintage(300000), premiumBp: 3000, packaging: 'capsule',
    description: { de: 'Das Jahr des Pferdes in der dritten Lunar-Serie der Perth Mint, {w} Feinsilber 999,9.', en: 'The Year of the Horse in the Perth Mint\'s third Lunar series, {w} of 999.9 fine silver.' },
  }),
  silverCoin({
    sku: 'AG-LUNAR3-GOAT-1OZ', family: 'lunar-iii-silver', name: { de: 'Lunar III Ziege 2027 {w} Silber', en: 'Lunar III Goat 2027 {w} Silver' },
    weight: '1oz', fineness: 999.9, grossG: 31.107, diameterMm: 45.6, thicknessMm: 3.2, manufacturer: 'perth-mint',
    series: { de: 'Lunar III', en: 'Lunar Series III' }, years: { de: '2027', en: '2027' }, edition: mintage(300000), premiumBp: 3000, packaging: 'capsule',
    availability: 'preorder', badges: ['preorder', 'new'],
    description: { de: 'Vorbestellung: das Jahr der Ziege 2027 der Perth Mint, {w} Feinsilber 999,9. Auslieferung nach Erscheinen.', en: 'Pre-order: the Perth Mint\'s 2027 Year of the Goat, {w} of 999.9 fine silver. Ships on release.' },
  }),
  silverCoin({
    sku: 'AG-KOOKABURRA-10OZ', family: 'kookaburra-silver', name: { de: 'Kookaburra {w} Silber', en: 'Kookaburra {w} Silver' },
    weight: '10oz', fineness: 999.9, grossG: 311.35, diameterMm: 75.6, thicknessMm: 7.5, manufacturer: 'perth-mint',
    series: { de: 'Kookaburra', en: 'Kookaburra' }, years: since(1992), premiumBp: 1500, packaging: 'capsule',
    description: { de: 'Die große Kookaburra-Münze mit {w} Feinsilber 999,9: weniger Aufgeld je Unze als die Einunzenmünze.', en: 'The large Kookaburra coin with {w} of 999.9 fine silver: less premium per ounce than the one-ounce coin.' },
  }),
  silverCoin({
    sku: 'AG-KOOKABURRA-1KG', family: 'kookaburra-silver', name: { de: 'Kookaburra {w} Silber', en: 'Kookaburra {w} Silver' },
    weight: '1kg', fineness: 999.9, grossG: 1000, diameterMm: 101, thicknessMm: 14.6, manufacturer: 'perth-mint',
    series: { de: 'Kookaburra', en: 'Kookaburra' }, years: since(1992), premiumBp: 1200, packaging: 'capsule', availability: 'soldOut',
    description: { de: 'Die Kilomünze der Perth Mint: {w} Feinsilber 999,9 mit 101 mm Durchmesser.', en: 'The Perth Mint\'s kilo coin: {w} of 999.9 fine silver, 101 mm across.' },
  }),
];

// ---- silver bars ---------------------------------------------------------------------------------

const silverBar = (x: Partial<RawProduct> & Pick<RawProduct, 'sku' | 'family' | 'weight' | 'manufacturer' | 'premiumBp'>, castBar: boolean, maker: string): RawProduct => ({
  type: 'bar', metal: 'silver', production: castBar ? 'cast' : 'minted', fineness: 999.9, edition: barEdition,
  packaging: castBar ? 'foil' : 'blister-card', certificate: castBar ? 'serial' : 'assay-card',
  name: castBar ? { de: `Silberbarren {w} ${maker} gegossen`, en: `Silver bar {w} ${maker} cast` } : { de: `Silberbarren {w} ${maker}`, en: `Silver bar {w} ${maker}` },
  description: castBar
    ? { de: `Gegossener Silberbarren von ${maker}, {w} Feinsilber, mit eingeschlagener Seriennummer. Große Silberbarren sind die günstigste Art, Silber je Gramm zu kaufen.`, en: `Cast silver bar by ${maker}, {w} of fine silver, stamped with a serial number. Large silver bars are the cheapest way to buy silver per gram.` }
    : { de: `Geprägter Silberbarren von ${maker}, {w} Feinsilber, im Blister mit Zertifikat.`, en: `Minted silver bar by ${maker}, {w} of fine silver, in a blister with certificate.` },
  ...x,
} as RawProduct);

const silverBars: RawProduct[] = [
  silverBar({ sku: 'AG-BAR-VALCAMBI-1OZ', family: 'valcambi-silver-minted', weight: '1oz', manufacturer: 'valcambi', fineness: 999, lengthMm: 50, widthMm: 28.6, thicknessMm: 2.1, grossG: 31.103, premiumBp: 3800 }, false, 'Valcambi'),
  silverBar({ sku: 'AG-BAR-HERAEUS-100G', family: 'heraeus-silver-minted', weight: '100g', manufacturer: 'heraeus', lengthMm: 55, widthMm: 31, thicknessMm: 5.6, grossG: 100, premiumBp: 1800 }, false, 'Heraeus'),
  silverBar({ sku: 'AG-BAR-ARGOR-250G-CAST', family: 'argor-heraeus-silver-cast', weight: '250g', manufacturer: 'argor-heraeus', fineness: 999, lengthMm: 80, widthMm: 40, thicknessMm: 7.6, grossG: 250, premiumBp: 1400 }, true, 'Argor-Heraeus'),
  silverBar({ sku: 'AG-BAR-UMICORE-500G-CAST', family: 'umicore-silver-cast', weight: '500g', manufacturer: 'umicore', lengthMm: 100, widthMm: 50, thicknessMm: 9.6, grossG: 500, premiumBp: 1100 }, true, 'Umicore'),
  silverBar({ sku: 'AG-BAR-HERAEUS-1KG-CAST', family: 'heraeus-silver-cast', weight: '1kg', manufacturer: 'heraeus', lengthMm: 118, widthMm: 60, thicknessMm: 14, grossG: 1000, premiumBp: 900, badges: ['topseller'] }, true, 'Heraeus'),
  silverBar({
    sku: 'AG-BAR-UMICORE-1KG-DUTYFREE', family: 'umicore-silver-cast', weight: '1kg', manufacturer: 'umicore', lengthMm: 117, widthMm: 58, thicknessMm: 14.5, grossG: 1000, premiumBp: 650, dutyFree: true,
    name: { de: 'Silberbarren {w} Umicore gegossen (Zollfreilager)', en: 'Silver bar {w} Umicore cast (duty-free storage)' },
    description: { de: 'Silberbarren im Zollfreilager: ohne Mehrwertsteuer gekauft und in Ihrem Depot gelagert, {w} Feinsilber 999,9. Ein Verkauf ist nur über unseren Kundenservice möglich.', en: 'Silver bar in duty-free storage: bought without VAT and kept in your deposit, {w} of 999.9 fine silver. Selling back is possible only through our customer service.' },
  }, true, 'Umicore'),
  silverBar({ sku: 'AG-BAR-HERAEUS-5KG-CAST', family: 'heraeus-silver-cast', weight: '5kg', manufacturer: 'heraeus', lengthMm: 200, widthMm: 100, thicknessMm: 24, grossG: 5000, premiumBp: 750, badges: ['sale'] }, true, 'Heraeus'),
  silverBar({
    sku: 'AG-BAR-UMICORE-5KG-DUTYFREE', family: 'umicore-silver-cast', weight: '5kg', manufacturer: 'umicore', lengthMm: 210, widthMm: 105, thicknessMm: 22, grossG: 5000, premiumBp: 550, dutyFree: true,
    name: { de: 'Silberbarren {w} Umicore gegossen (Zollfreilager)', en: 'Silver bar {w} Umicore cast (duty-free storage)' },
    description: { de: 'Der große Silberbarren im Zollfreilager, {w} Feinsilber 999,9, ohne Mehrwertsteuer in Ihrem Depot. Ein Verkauf ist nur über unseren Kundenservice möglich.', en: 'The large silver bar in duty-free storage, {w} of 999.9 fine silver, VAT-free in your deposit. Selling back is possible only through our customer service.' },
  }, true, 'Umicore'),
];

// ---- platinum and palladium ----------------------------------------------------------------------

const pgmCoin = (metal: 'platinum' | 'palladium', x: Partial<RawProduct> & Pick<RawProduct, 'sku' | 'family' | 'name' | 'premiumBp' | 'description'>): RawProduct => ({
  type: 'coin', metal, weight: '1oz', fineness: 999.5, grade: 'bu', edition: unlimited, packaging: 'capsule', certificate: 'none', ...x,
} as RawProduct);
const pgmBar = (metal: 'platinum' | 'palladium', maker: string, x: Partial<RawProduct> & Pick<RawProduct, 'sku' | 'family' | 'weight' | 'manufacturer' | 'premiumBp'>): RawProduct => {
  const word = metal === 'platinum' ? { de: 'Platinbarren', en: 'Platinum bar', fine: { de: 'Feinplatin', en: 'fine platinum' } } : { de: 'Palladiumbarren', en: 'Palladium bar', fine: { de: 'Feinpalladium', en: 'fine palladium' } };
  return {
    type: 'bar', metal, production: 'minted', fineness: 999.5, edition: barEdition, packaging: 'blister-card', certificate: 'assay-card',
    name: { de: `${word.de} {w} ${maker}`, en: `${word.en} {w} ${maker}` },
    description: { de: `Geprägter ${word.de} von ${maker}, {w} ${word.fine.de} 999,5, im Blister mit Prüfzertifikat und Seriennummer.`, en: `Minted ${word.en.toLowerCase()} by ${maker}, {w} of 999.5 ${word.fine.en}, in a blister with assay certificate and serial number.` },
    ...x,
  } as RawProduct;
};

const platinum: RawProduct[] = [
  pgmCoin('platinum', {
    sku: 'PT-PHIL-1OZ', family: 'philharmoniker-platinum', name: { de: 'Wiener Philharmoniker {w} Platin', en: 'Vienna Philharmonic {w} Platinum' },
    grossG: 31.103, diameterMm: 37, thicknessMm: 1.6, manufacturer: 'austrian-mint', series: { de: 'Wiener Philharmoniker', en: 'Vienna Philharmonic' }, years: since(2016), premiumBp: 650,
    description: { de: 'Der Philharmoniker seit 2016 auch in 999,5 Feinplatin, {w}.', en: 'The Philharmonic, since 2016 also in 999.5 fine platinum, {w}.' },
  }),
  pgmCoin('platinum', {
    sku: 'PT-MAPLE-1OZ', family: 'maple-leaf-platinum', name: { de: 'Maple Leaf {w} Platin', en: 'Maple Leaf {w} Platinum' },
    grossG: 31.11, diameterMm: 30, thicknessMm: 2.5, manufacturer: 'royal-canadian-mint', series: { de: 'Maple Leaf', en: 'Maple Leaf' }, years: since(1988), premiumBp: 650, badges: ['topseller'],
    description: { de: 'Das Ahornblatt in 999,5 Feinplatin, {w}, die bekannteste Platinmünze.', en: 'The maple leaf in 999.5 fine platinum, {w}, the best-known platinum coin.' },
  }),
  pgmCoin('platinum', {
    sku: 'PT-EAGLE-1OZ', family: 'american-eagle-platinum', name: { de: 'American Eagle {w} Platin', en: 'American Platinum Eagle {w}' },
    grossG: 31.12, diameterMm: 32.7, thicknessMm: 2.39, manufacturer: 'us-mint', series: { de: 'American Eagle', en: 'American Eagle' }, years: since(1997), premiumBp: 900,
    description: { de: 'Die Platinanlagemünze der USA mit dem Weißkopfseeadler, {w} Feinplatin 999,5.', en: 'The United States\' platinum bullion coin with the bald eagle, {w} of 999.5 fine platinum.' },
  }),
  pgmCoin('platinum', {
    sku: 'PT-NOBLE-1OZ', family: 'noble-platinum', name: { de: 'Noble {w} Platin Isle of Man', en: 'Isle of Man Noble {w} Platinum' },
    grossG: 31.103, diameterMm: 32.7, thicknessMm: 2.1, manufacturer: 'pobjoy-mint', series: { de: 'Noble', en: 'Noble' }, years: since(1983), premiumBp: 850, availability: 'soldOut',
    description: { de: 'Die erste Platinanlagemünze der Welt (1983) mit dem Wikingerschiff der Isle of Man, {w} Feinplatin 999,5.', en: 'The world\'s first platinum bullion coin (1983) with the Isle of Man\'s Viking ship, {w} of 999.5 fine platinum.' },
  }),
  pgmBar('platinum', 'PAMP Fortuna', { sku: 'PT-BAR-PAMP-1OZ', family: 'pamp-fortuna-platinum', weight: '1oz', manufacturer: 'pamp', series: { de: 'Fortuna', en: 'Fortuna' }, lengthMm: 41, widthMm: 24, thicknessMm: 1.5, grossG: 31.103, premiumBp: 500 }),
  pgmBar('platinum', 'Argor-Heraeus', { sku: 'PT-BAR-ARGOR-1OZ', family: 'argor-heraeus-platinum', weight: '1oz', manufacturer: 'argor-heraeus', lengthMm: 40, widthMm: 23.5, thicknessMm: 1.55, grossG: 31.103, premiumBp: 520 }),
  pgmBar('platinum', 'Heraeus', { sku: 'PT-BAR-HERAEUS-100G', family: 'heraeus-platinum', weight: '100g', manufacturer: 'heraeus', lengthMm: 55, widthMm: 31, thicknessMm: 2.75, grossG: 100, premiumBp: 400, badges: ['sale'] }),
  pgmBar('platinum', 'Valcambi', {
    sku: 'PT-BAR-VALCAMBI-1OZ-DUTYFREE', family: 'valcambi-platinum', weight: '1oz', manufacturer: 'valcambi', lengthMm: 40, widthMm: 23, thicknessMm: 1.6, grossG: 31.103, premiumBp: 450, dutyFree: true,
    name: { de: 'Platinbarren {w} Valcambi (Zollfreilager)', en: 'Platinum bar {w} Valcambi (duty-free storage)' },
    description: { de: 'Platinbarren im Zollfreilager: ohne Mehrwertsteuer gekauft und in Ihrem Depot gelagert, {w} Feinplatin 999,5. Ein Verkauf ist nur über unseren Kundenservice möglich.', en: 'Platinum bar in duty-free storage: bought without VAT and kept in your deposit, {w} of 999.5 fine platinum. Selling back is possible only through our customer service.' },
  }),
];

const palladium: RawProduct[] = [
  pgmCoin('palladium', {
    sku: 'PD-MAPLE-1OZ', family: 'maple-leaf-palladium', name: { de: 'Maple Leaf {w} Palladium', en: 'Maple Leaf {w} Palladium' },
    grossG: 31.11, diameterMm: 33.6, thicknessMm: 3.58, manufacturer: 'royal-canadian-mint', series: { de: 'Maple Leaf', en: 'Maple Leaf' }, years: since(2005), premiumBp: 900,
    description: { de: 'Die meistgehandelte Palladiummünze: das Ahornblatt in 999,5 Feinpalladium, {w}.', en: 'The most traded palladium coin: the maple leaf in 999.5 fine palladium, {w}.' },
  }),
  pgmCoin('palladium', {
    sku: 'PD-EAGLE-1OZ', family: 'american-eagle-palladium', name: { de: 'American Eagle {w} Palladium', en: 'American Palladium Eagle {w}' },
    grossG: 31.12, diameterMm: 32.7, thicknessMm: 3.3, manufacturer: 'us-mint', series: { de: 'American Eagle', en: 'American Eagle' }, years: since(2017), premiumBp: 1500, availability: 'soldOut',
    description: { de: 'Die Palladiummünze der US Mint mit Weinmans „Winged Liberty" in Hochrelief, {w} Feinpalladium 999,5.', en: 'The US Mint\'s palladium coin with Weinman\'s "Winged Liberty" in high relief, {w} of 999.5 fine palladium.' },
  }),
  pgmBar('palladium', 'Valcambi', { sku: 'PD-BAR-VALCAMBI-1OZ', family: 'valcambi-palladium', weight: '1oz', manufacturer: 'valcambi', lengthMm: 41, widthMm: 24, thicknessMm: 2.6, grossG: 31.103, premiumBp: 600, badges: ['topseller'] }),
  pgmBar('palladium', 'PAMP Fortuna', { sku: 'PD-BAR-PAMP-1OZ', family: 'pamp-fortuna-palladium', weight: '1oz', manufacturer: 'pamp', series: { de: 'Fortuna', en: 'Fortuna' }, lengthMm: 41, widthMm: 24, thicknessMm: 2.65, grossG: 31.103, premiumBp: 620 }),
  pgmBar('palladium', 'C. Hafner', { sku: 'PD-BAR-HAFNER-100G', family: 'c-hafner-palladium', weight: '100g', manufacturer: 'c-hafner', lengthMm: 55, widthMm: 31, thicknessMm: 4.9, grossG: 100, premiumBp: 500 }),
  pgmBar('palladium', 'Argor-Heraeus', {
    sku: 'PD-BAR-ARGOR-1OZ-DUTYFREE', family: 'argor-heraeus-palladium', weight: '1oz', manufacturer: 'argor-heraeus', lengthMm: 40, widthMm: 23.5, thicknessMm: 2.7, grossG: 31.103, premiumBp: 550, dutyFree: true,
    name: { de: 'Palladiumbarren {w} Argor-Heraeus (Zollfreilager)', en: 'Palladium bar {w} Argor-Heraeus (duty-free storage)' },
    description: { de: 'Palladiumbarren im Zollfreilager: ohne Mehrwertsteuer gekauft und in Ihrem Depot gelagert, {w} Feinpalladium 999,5. Ein Verkauf ist nur über unseren Kundenservice möglich.', en: 'Palladium bar in duty-free storage: bought without VAT and kept in your deposit, {w} of 999.5 fine palladium. Selling back is possible only through our customer service.' },
  }),
];

// ---- numismatics ---------------------------------------------------------------------------------

const numismatics: RawProduct[] = [
  {
    sku: 'NU-VRENELI-20FR-1935LB', family: 'vreneli-20-numismatic', type: 'numismatic', metal: 'gold',
    name: { de: 'Vreneli 20 Franken 1935 L-B', en: 'Vreneli 20 Francs 1935 L-B' },
    fineWeightGrams: 5.806, fineness: 900, grossG: 6.4516, diameterMm: 21, thicknessMm: 1.3, manufacturer: 'swiss-mint',
    series: { de: 'Vreneli', en: 'Vreneli' }, grade: 'unc', years: { de: '1935 (geprägt 1945 bis 1947)', en: '1935 (struck 1945 to 1947)' }, edition: mintage(20008000),
    packaging: 'capsule', certificate: 'expertise', premiumBp: 900,
    description: { de: 'Der Jahrgang 1935 mit dem Zusatz L-B wurde 1945 bis 1947 als Währungsreserve nachgeprägt: prägefrisch, ein Klassiker für Sammler.', en: 'The 1935 date with the L-B mark was restruck 1945 to 1947 as a currency reserve: uncirculated, a collectors\' classic.' },
  },
  {
    sku: 'NU-VRENELI-20FR-1926B', family: 'vreneli-20-numismatic', type: 'numismatic', metal: 'gold',
    name: { de: 'Vreneli 20 Franken 1926 B', en: 'Vreneli 20 Francs 1926 B' },
    fineWeightGrams: 5.806, fineness: 900, grossG: 6.4516, diameterMm: 21, thicknessMm: 1.3, manufacturer: 'swiss-mint',
    series: { de: 'Vreneli', en: 'Vreneli' }, grade: 'xf', years: { de: '1926', en: '1926' }, edition: mintage(50000),
    packaging: 'capsule', certificate: 'expertise', premiumBp: 7000, availability: 'soldOut',
    description: { de: 'Einer der seltensten Vreneli-Jahrgänge: nur 50.000 Stück wurden 1926 geprägt. Erhaltung vorzüglich, von unseren Numismatikern geprüft.', en: 'One of the rarest Vreneli dates: only 50,000 were struck in 1926. Extremely fine, authenticated by our numismatists.' },
  },
  {
    sku: 'NU-VRENELI-10FR-1922B', family: 'vreneli-10-numismatic', type: 'numismatic', metal: 'gold',
    name: { de: 'Vreneli 10 Franken 1922 B', en: 'Vreneli 10 Francs 1922 B' },
    fineWeightGrams: 2.9032, fineness: 900, grossG: 3.2258, diameterMm: 19, thicknessMm: 1, manufacturer: 'swiss-mint',
    series: { de: 'Vreneli', en: 'Vreneli' }, grade: 'xf', years: { de: '1922', en: '1922' }, edition: mintage(1020000),
    packaging: 'capsule', certificate: 'expertise', premiumBp: 2500,
    description: { de: 'Das kleine Vreneli zu 10 Franken, Jahrgang 1922 der Münzstätte Bern, vorzüglich erhalten.', en: 'The small 10-franc Vreneli, 1922 issue of the Bern mint, extremely fine.' },
  },
  {
    sku: 'NU-20MARK-PREUSSEN-1913A', family: '20-mark-prussia', type: 'numismatic', metal: 'gold',
    name: { de: '20 Mark Wilhelm II. Preußen 1913 A', en: '20 Mark Wilhelm II Prussia 1913 A' },
    fineWeightGrams: 7.1685, fineness: 900, grossG: 7.965, diameterMm: 22.5, thicknessMm: 1.3, manufacturer: 'berlin-mint',
    series: { de: 'Kaiserreich', en: 'German Empire' }, grade: 'vf-xf', years: { de: '1913', en: '1913' }, edition: mintage(6789000),
    packaging: 'capsule', certificate: 'expertise', premiumBp: 1300, country: 'DE',
    description: { de: 'Goldmünze des Deutschen Kaiserreichs mit Kaiser Wilhelm II. in Uniform, Münzstätte Berlin (A), sehr schön bis vorzüglich.', en: 'Gold coin of the German Empire with Emperor Wilhelm II in uniform, Berlin mint (A), very fine to extremely fine.' },
  },
  {
    sku: 'NU-SOVEREIGN-1911', family: 'sovereign-numismatic', type: 'numismatic', metal: 'gold',
    name: { de: 'Sovereign Georg V. 1911', en: 'Sovereign George V 1911' },
    fineWeightGrams: 7.3224, fineness: 916.7, grossG: 7.98805, diameterMm: 22.05, thicknessMm: 1.52, manufacturer: 'royal-mint',
    series: { de: 'Sovereign', en: 'Sovereign' }, grade: 'xf', years: { de: '1911', en: '1911' }, edition: mintage(30044105),
    packaging: 'capsule', certificate: 'expertise', premiumBp: 1200,
    description: { de: 'Sovereign aus dem Krönungsjahr Georgs V., vorzüglich erhalten, mit dem heiligen Georg nach Benedetto Pistrucci.', en: 'Sovereign from George V\'s coronation year, extremely fine, with Benedetto Pistrucci\'s Saint George.' },
  },
  {
    sku: 'NU-EAGLE-GOLD-PROOF-2026', family: 'american-eagle-gold-proof', type: 'numismatic', metal: 'gold',
    name: { de: 'American Eagle 1 Unze Gold Proof 2026', en: 'American Gold Eagle 1 oz Proof 2026' },
    weight: '1oz', fineness: 916.7, grossG: 33.931, diameterMm: 32.7, thicknessMm: 2.87, manufacturer: 'us-mint',
    series: { de: 'American Eagle', en: 'American Eagle' }, grade: 'proof', years: { de: '2026', en: '2026' }, edition: mintage(10000),
    packaging: 'presentation-case', certificate: 'coa', premiumBp: 3500, badges: ['new'],
    description: { de: 'Die Proof-Ausgabe der West Point Mint (W) in Polierter Platte mit mattiertem Motiv, im Etui mit Echtheitszertifikat.', en: 'The West Point (W) proof issue with frosted design on mirror fields, in a presentation case with certificate of authenticity.' },
    image: { proof: true },
  },
  {
    sku: 'NU-KRUG-PROOF-SET-2025', family: 'krugerrand-proof-set', type: 'numismatic', metal: 'gold',
    name: { de: 'Krügerrand Proof-Set 2025 (4 Münzen)', en: 'Krugerrand Proof Set 2025 (4 coins)' },
    fineWeightGrams: 58.3190, fineWeightUnitOverride: 'ounce', fineness: 916.7, grossG: 62.77, manufacturer: 'south-african-mint',
    series: { de: 'Krügerrand', en: 'Krugerrand' }, grade: 'proof', years: { de: '2025', en: '2025' }, edition: mintage(1000),
    packaging: 'presentation-case', certificate: 'coa', premiumBp: 4000, availability: 'soldOut',
    description: { de: 'Alle vier Krügerrand-Größen (1, 1/2, 1/4 und 1/10 Unze) in Polierter Platte, zusammen 1,875 Unzen Feingold, im Holzetui mit nummeriertem Zertifikat.', en: 'All four Krugerrand sizes (1, 1/2, 1/4 and 1/10 oz) in proof finish, 1.875 oz of fine gold in total, in a wooden case with numbered certificate.' },
    image: { set: 4, proof: true },
  },
  {
    sku: 'NU-BRIT-SILVER-2012', family: 'britannia-silver-958', type: 'numismatic', metal: 'silver',
    name: { de: 'Britannia 1 Unze Silber 2012 (958,3)', en: 'Britannia 1 oz Silver 2012 (958.3)' },
    weight: '1oz', fineness: 958.3, grossG: 32.45, diameterMm: 40, thicknessMm: 3, manufacturer: 'royal-mint',
    series: { de: 'Britannia', en: 'Britannia' }, grade: 'bu', years: { de: '2012', en: '2012' }, edition: mintage(100000),
    packaging: 'capsule', certificate: 'expertise', premiumBp: 6000,
    description: { de: 'Einer der letzten Jahrgänge im historischen Britannia-Silberstandard von 958,3/1000, vor der Umstellung auf 999 im Jahr 2013.', en: 'One of the last years in the historic Britannia silver standard of 958.3/1000, before the change to 999 in 2013.' },
  },
  {
    sku: 'NU-MAPLE-SILVER-PROOF-2026', family: 'maple-leaf-silver-proof', type: 'numismatic', metal: 'silver',
    name: { de: 'Maple Leaf 1 Unze Silber Proof 2026', en: 'Maple Leaf 1 oz Silver Proof 2026' },
    weight: '1oz', fineness: 999.9, grossG: 31.39, diameterMm: 38, thicknessMm: 3.29, manufacturer: 'royal-canadian-mint',
    series: { de: 'Maple Leaf', en: 'Maple Leaf' }, grade: 'proof', years: { de: '2026', en: '2026' }, edition: mintage(15000),
    packaging: 'presentation-case', certificate: 'coa', premiumBp: 9000, badges: ['new'],
    description: { de: 'Das Ahornblatt in Polierter Platte mit Spiegelglanz, limitiert auf 15.000 Stück, im Etui mit nummeriertem Zertifikat.', en: 'The maple leaf in mirror-finish proof, limited to 15,000 pieces, in a presentation case with numbered certificate.' },
    image: { proof: true },
  },
];

// ---- accessories ---------------------------------------------------------------------------------

const accessory = (x: Partial<RawProduct> & Pick<RawProduct, 'sku' | 'name' | 'basePriceCents' | 'description' | 'manufacturer'>): RawProduct => ({
  family: x.sku.toLowerCase(), type: 'accessory', metal: null, premiumBp: 0, packaging: 'box', certificate: 'not-applicable', ...x,
} as RawProduct);

const accessories: RawProduct[] = [
  accessory({
    sku: 'ACC-CAPSULES-37MM-10', name: { de: 'Münzkapseln 37 mm, 10 Stück', en: 'Coin capsules 37 mm, pack of 10' }, manufacturer: 'leuchtturm', basePriceCents: 490,
    diameterMm: 37, image: { accessory: 'capsules' },
    description: { de: 'Glasklare, säurefreie Münzkapseln mit 37 mm Innendurchmesser, passend für Philharmoniker in Gold, Silber und Platin.', en: 'Crystal-clear, acid-free coin capsules with 37 mm inner diameter, made for Philharmonic coins in gold, silver and platinum.' },
  }),
  accessory({
    sku: 'ACC-CAPSULES-33MM-10', name: { de: 'Münzkapseln 33 mm, 10 Stück', en: 'Coin capsules 33 mm, pack of 10' }, manufacturer: 'leuchtturm', basePriceCents: 490,
    diameterMm: 33, image: { accessory: 'capsules' },
    description: { de: 'Münzkapseln mit 33 mm Innendurchmesser für Krügerrand, American Eagle und Känguru zu 1 Unze.', en: 'Coin capsules with 33 mm inner diameter for 1 oz Krugerrand, American Eagle and Kangaroo.' },
  }),
  accessory({
    sku: 'ACC-TUBE-40MM', name: { de: 'Münztube für 20 Silbermünzen 40 mm', en: 'Coin tube for 20 silver coins 40 mm' }, manufacturer: 'leuchtturm', basePriceCents: 290,
    diameterMm: 40, image: { accessory: 'tube' },
    description: { de: 'Stabile Kunststofftube mit Schraubdeckel für 20 Silbermünzen bis 40 mm Durchmesser.', en: 'Sturdy plastic tube with screw cap for 20 silver coins up to 40 mm across.' },
  }),
  accessory({
    sku: 'ACC-COIN-BOX-30', name: { de: 'Münzbox für 30 Kapseln', en: 'Coin box for 30 capsules' }, manufacturer: 'lindner', basePriceCents: 2490,
    lengthMm: 240, widthMm: 170, thicknessMm: 35, image: { accessory: 'coin-box' }, badges: ['topseller'],
    description: { de: 'Kassette mit blauem Samteinsatz für 30 Münzkapseln, mit Schnappverschluss.', en: 'Case with blue velvet insert for 30 coin capsules, with snap lock.' },
  }),
  accessory({
    sku: 'ACC-BULLION-BOX', name: { de: 'Aufbewahrungsbox für Barren', en: 'Bullion storage box' }, manufacturer: 'lindner', basePriceCents: 3990,
    lengthMm: 250, widthMm: 180, thicknessMm: 45, image: { accessory: 'bullion-box' },
    description: { de: 'Abschließbare Aufbewahrungsbox mit Schaumstoffeinsatz für Goldbarren von 1 g bis 1 Unze und Blisterkarten.', en: 'Lockable storage box with foam insert for gold bars from 1 g to 1 oz and blister cards.' },
  }),
  accessory({
    sku: 'ACC-SCALE-001G', name: { de: 'Präzisionswaage 0,01 g bis 500 g', en: 'Precision scale 0.01 g up to 500 g' }, manufacturer: 'kern', basePriceCents: 8990,
    image: { accessory: 'scale' }, badges: ['sale'],
    description: { de: 'Digitale Feinwaage mit 0,01 g Ablesbarkeit und Kalibriergewicht: prüft Münzen und Barren auf das Gramm genau.', en: 'Digital precision scale reading to 0.01 g with calibration weight: checks coins and bars to the gram.' },
  }),
  accessory({
    sku: 'ACC-GLOVES-COTTON', name: { de: 'Baumwollhandschuhe, 1 Paar', en: 'Cotton gloves, 1 pair' }, manufacturer: 'lindner', basePriceCents: 590,
    image: { accessory: 'gloves' }, packaging: 'bag',
    description: { de: 'Weiße, fusselfreie Baumwollhandschuhe: Fingerabdrücke greifen polierte Oberflächen an.', en: 'White, lint-free cotton gloves: fingerprints attack polished surfaces.' },
  }),
  accessory({
    sku: 'ACC-MAGNIFIER-10X', name: { de: 'Lupe 10-fach mit LED', en: 'Magnifier 10x with LED' }, manufacturer: 'lindner', basePriceCents: 1990,
    image: { accessory: 'magnifier' }, availability: 'soldOut',
    description: { de: 'Einschlaglupe mit 10-facher Vergrößerung und LED-Licht, um Prägung, Punzen und Seriennummern zu prüfen.', en: 'Folding magnifier with 10x magnification and LED light to check strikes, hallmarks and serial numbers.' },
  }),
];

export const seedProducts: RawProduct[] = [
  ...krugerrand, ...philharmonikerGold, ...mapleGold, ...otherGoldCoins,
  ...goldBars,
  ...silverCoins, ...silverBars,
  ...platinum, ...palladium,
  ...numismatics,
  ...accessories,
];
