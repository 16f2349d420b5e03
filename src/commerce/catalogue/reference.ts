// Reference tables of the catalogue: the words every product shares (metals, manufacturers, countries,
// grades, packaging, certificates, categories), each in German and English. Product rows carry the
// resolved texts, so a row is complete on its own; these tables also label the listing's facets.
import { TROY_OUNCE_GRAMS, type MetalName, type ProductType } from '../../contracts/pricing-attributes.ts';

export interface Texts { de: string; en: string }

export const metalTexts: Record<MetalName, Texts> = {
  gold: { de: 'Gold', en: 'Gold' },
  silver: { de: 'Silber', en: 'Silver' },
  platinum: { de: 'Platin', en: 'Platinum' },
  palladium: { de: 'Palladium', en: 'Palladium' },
};

/** spec 5 sort field preciousMetal: gold, silver, platinum, palladium, then products without metal */
export const metalRank: Record<MetalName, number> = { gold: 1, silver: 2, platinum: 3, palladium: 4 };

export const productTypeTexts: Record<ProductType, Texts> = {
  coin: { de: 'Münzen', en: 'Coins' },
  bar: { de: 'Barren', en: 'Bars' },
  numismatic: { de: 'Numismatik', en: 'Numismatics' },
  accessory: { de: 'Zubehör', en: 'Accessories' },
};

export const countries: Record<string, Texts> = {
  AT: { de: 'Österreich', en: 'Austria' },
  AU: { de: 'Australien', en: 'Australia' },
  BE: { de: 'Belgien', en: 'Belgium' },
  CA: { de: 'Kanada', en: 'Canada' },
  CH: { de: 'Schweiz', en: 'Switzerland' },
  CN: { de: 'China', en: 'China' },
  DE: { de: 'Deutschland', en: 'Germany' },
  GB: { de: 'Großbritannien', en: 'United Kingdom' },
  IM: { de: 'Isle of Man', en: 'Isle of Man' },
  MX: { de: 'Mexiko', en: 'Mexico' },
  US: { de: 'USA', en: 'United States' },
  ZA: { de: 'Südafrika', en: 'South Africa' },
};

export interface Manufacturer extends Texts {
  country: keyof typeof countries;
  /** the short mark stamped on the product images */
  mark: string;
}

export const manufacturers: Record<string, Manufacturer> = {
  'south-african-mint': { de: 'South African Mint', en: 'South African Mint', country: 'ZA', mark: 'SOUTH AFRICA' },
  'austrian-mint': { de: 'Münze Österreich', en: 'Austrian Mint', country: 'AT', mark: 'MÜNZE ÖSTERREICH' },
  'royal-canadian-mint': { de: 'Royal Canadian Mint', en: 'Royal Canadian Mint', country: 'CA', mark: 'ROYAL CANADIAN MINT' },
  'royal-mint': { de: 'The Royal Mint', en: 'The Royal Mint', country: 'GB', mark: 'THE ROYAL MINT' },
  'perth-mint': { de: 'Perth Mint', en: 'The Perth Mint', country: 'AU', mark: 'THE PERTH MINT' },
  'us-mint': { de: 'United States Mint', en: 'United States Mint', country: 'US', mark: 'UNITED STATES MINT' },
  'china-gold-coin': { de: 'China Gold Coin Inc.', en: 'China Gold Coin Inc.', country: 'CN', mark: 'CHINA GOLD COIN' },
  'casa-de-moneda-mexico': { de: 'Casa de Moneda de México', en: 'Casa de Moneda de México', country: 'MX', mark: 'CASA DE MONEDA' },
  'swiss-mint': { de: 'Eidgenössische Münzstätte Bern', en: 'Swiss Federal Mint, Bern', country: 'CH', mark: 'HELVETIA' },
  'pobjoy-mint': { de: 'Pobjoy Mint', en: 'Pobjoy Mint', country: 'IM', mark: 'POBJOY MINT' },
  'berlin-mint': { de: 'Königliche Münze Berlin', en: 'Royal Prussian Mint, Berlin', country: 'DE', mark: 'BERLIN' },
  valcambi: { de: 'Valcambi', en: 'Valcambi', country: 'CH', mark: 'VALCAMBI SUISSE' },
  pamp: { de: 'PAMP', en: 'PAMP', country: 'CH', mark: 'PAMP SUISSE' },
  'argor-heraeus': { de: 'Argor-Heraeus', en: 'Argor-Heraeus', country: 'CH', mark: 'ARGOR-HERAEUS' },
  heraeus: { de: 'Heraeus', en: 'Heraeus', country: 'DE', mark: 'HERAEUS' },
  umicore: { de: 'Umicore', en: 'Umicore', country: 'BE', mark: 'UMICORE' },
  'c-hafner': { de: 'C. Hafner', en: 'C. Hafner', country: 'DE', mark: 'C.HAFNER' },
  metalor: { de: 'Metalor', en: 'Metalor', country: 'CH', mark: 'METALOR' },
  leuchtturm: { de: 'Leuchtturm', en: 'Leuchtturm', country: 'DE', mark: 'LEUCHTTURM' },
  lindner: { de: 'Lindner', en: 'Lindner', country: 'DE', mark: 'LINDNER' },
  kern: { de: 'Kern & Sohn', en: 'Kern & Sohn', country: 'DE', mark: 'KERN' },
};

export const grades: Record<string, Texts> = {
  bu: { de: 'Stempelglanz', en: 'Brilliant Uncirculated' },
  proof: { de: 'Polierte Platte', en: 'Proof' },
  unc: { de: 'Unzirkuliert', en: 'Uncirculated' },
  xf: { de: 'Vorzüglich', en: 'Extremely Fine' },
  vf: { de: 'Sehr schön', en: 'Very Fine' },
  'vf-xf': { de: 'Sehr schön bis vorzüglich', en: 'Very Fine to Extremely Fine' },
};

export const packagings: Record<string, Texts> = {
  loose: { de: 'Lose, ohne Verpackung', en: 'Loose, without packaging' },
  capsule: { de: 'Münzkapsel', en: 'Coin capsule' },
  tube: { de: 'Einzeln aus der Originaltube', en: 'Single coin from the original tube' },
  'blister-card': { de: 'Versiegelte Blisterkarte', en: 'Sealed blister card' },
  foil: { de: 'In Schutzfolie eingeschweißt', en: 'Sealed in protective foil' },
  'presentation-case': { de: 'Etui mit Echtheitszertifikat', en: 'Presentation case with certificate' },
  'coin-holder': { de: 'Münzrähmchen', en: 'Coin holder' },
  box: { de: 'Originalkarton', en: 'Original box' },
  bag: { de: 'Beutel', en: 'Pouch' },
};

export const certificates: Record<string, Texts> = {
  none: { de: 'Kein Zertifikat (Anlagemünze)', en: 'No certificate (bullion coin)' },
  'assay-card': { de: 'Prüfzertifikat auf der Blisterkarte', en: 'Assay certificate on the blister card' },
  'serial-assay': { de: 'Seriennummer mit Prüfzertifikat', en: 'Serial number with assay certificate' },
  'serial': { de: 'Seriennummer auf dem Barren', en: 'Serial number stamped on the bar' },
  coa: { de: 'Echtheitszertifikat des Herausgebers', en: "Issuer's certificate of authenticity" },
  expertise: { de: 'Geprüft von unseren Numismatikern', en: 'Authenticated by our numismatists' },
  'not-applicable': { de: 'Nicht zutreffend', en: 'Not applicable' },
};

export const productionTexts: Record<'minted' | 'cast', Texts> = {
  minted: { de: 'Geprägt', en: 'Minted' },
  cast: { de: 'Gegossen', en: 'Cast' },
};

/** Categories: one per metal, one per product type, one per metal and type, and the duty-free warehouse. */
export const categories: Record<string, Texts> = {
  gold: { de: 'Gold', en: 'Gold' },
  silver: { de: 'Silber', en: 'Silver' },
  platinum: { de: 'Platin', en: 'Platinum' },
  palladium: { de: 'Palladium', en: 'Palladium' },
  coins: { de: 'Münzen', en: 'Coins' },
  bars: { de: 'Barren', en: 'Bars' },
  numismatics: { de: 'Numismatik', en: 'Numismatics' },
  accessories: { de: 'Zubehör', en: 'Accessories' },
  'gold-coins': { de: 'Goldmünzen', en: 'Gold coins' },
  'gold-bars': { de: 'Goldbarren', en: 'Gold bars' },
  'silver-coins': { de: 'Silbermünzen', en: 'Silver coins' },
  'silver-bars': { de: 'Silberbarren', en: 'Silver bars' },
  'platinum-coins': { de: 'Platinmünzen', en: 'Platinum coins' },
  'platinum-bars': { de: 'Platinbarren', en: 'Platinum bars' },
  'palladium-coins': { de: 'Palladiummünzen', en: 'Palladium coins' },
  'palladium-bars': { de: 'Palladiumbarren', en: 'Palladium bars' },
  'duty-free': { de: 'Zollfreilager', en: 'Duty-free storage' },
};

/** The category a category narrows: metal and type ones narrow their metal (gold-coins: gold). */
export function categoryParent(id: string): string | null {
  const m = /^(gold|silver|platinum|palladium)-(coins|bars)$/.exec(id);
  return m ? m[1] : null;
}

/**
 * Reference prices for the listing's price sort only (the catalogue has no live prices; the price
 * service owns them). EUR cents per gram of fine metal, at roughly late-2026 levels: gold about
 * 3,500 EUR/oz, silver 40, platinum 1,300, palladium 1,100. They only have to order products the way
 * live prices would (a 1 kg silver bar above a 1/10 oz gold coin, below a 1 oz gold coin).
 */
export const referenceCentsPerGram: Record<MetalName, number> = {
  gold: 11253,
  silver: 129,
  platinum: 4180,
  palladium: 3537,
};

export const GRAMS_PER_TROY_OUNCE = TROY_OUNCE_GRAMS;
