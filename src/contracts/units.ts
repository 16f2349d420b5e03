// Plain constants shared by both ends, without schemas: browser code imports them from here so that a
// constant does not bring TypeBox (and every schema of its module) into the bundle.

/** Grams of fine metal in a troy ounce: spot prices are per troy ounce, fine weights in grams. */
export const TROY_OUNCE_GRAMS = 31.1034768;
