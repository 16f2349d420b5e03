// Which postal codes are in use, for "zip that does not exist" and "zip invalid for the state" (spec 5).
// Ranges of five-digit numbers (four-digit codes as they are: 8001 is 8001), inclusive.
//
// Sources and how complete each country is:
// - US: the states' ZIP ranges by their three-digit prefixes as the USPS assigns them (National Five-Digit
//   ZIP Code and Post Office Directory; public domain, a US government work), with the Pacific
//   territories at five digits (Guam 96910-96932, Northern Mariana Islands 96950-96952, American Samoa
//   96799). Fishers Island NY (063xx) shares Connecticut's prefix; the prefix counts for both states.
// - LI: complete. Liechtenstein's codes are the block 9485-9498 of the Swiss system (Swiss Post), all
//   in use (Nendeln 9485 ... Planken 9498).
// - CH, AT, DE: the country's number range with the blocks no code is given in, not a list of every code:
//   CH 1000 (Lausanne) to 9658 (Wildhaus) without Liechtenstein's 9485-9498; AT 1010 to 9992; DE 01001 to
//   99998 without the unassigned leading regions 00, 05, 43 and 62 (Deutsche Post's Leitregionen). A full
//   list per code (Swiss Post's open data, Deutsche Post's) can replace a country's ranges here without
//   touching the rules: each entry is a list of [first, last].
export const POSTAL_CODES: Partial<Record<string, readonly (readonly [number, number])[]>> = {
  CH: [[1000, 9484], [9499, 9658]],
  LI: [[9485, 9498]],
  AT: [[1010, 9992]],
  DE: [[1001, 4999], [6000, 42999], [44000, 61999], [63000, 99998]],
};

/** US states and territories with their ZIP code ranges (five-digit numbers, inclusive). */
export const US_STATE_ZIPS: Record<string, readonly (readonly [number, number])[]> = {
  AK: [[99500, 99999]],
  AL: [[35000, 36999]],
  AR: [[71600, 72999]],
  AS: [[96799, 96799]],
  AZ: [[85000, 86599]],
  CA: [[90000, 96199]],
  CO: [[80000, 81699]],
  CT: [[6000, 6999]],
  DC: [[20000, 20599]],
  DE: [[19700, 19999]],
  FL: [[32000, 34999]],
  GA: [[30000, 31999], [39800, 39999]],
  GU: [[96910, 96932]],
  HI: [[96700, 96798], [96800, 96899]],
  IA: [[50000, 52899]],
  ID: [[83200, 83899]],
  IL: [[60000, 62999]],
  IN: [[46000, 47999]],
  KS: [[66000, 67999]],
  KY: [[40000, 42799]],
  LA: [[70000, 71499]],
  MA: [[1000, 2799], [5500, 5599]],
  MD: [[20600, 21999]],
  ME: [[3900, 4999]],
  MI: [[48000, 49999]],
  MN: [[55000, 56799]],
  MO: [[63000, 65899]],
  MP: [[96950, 96952]],
  MS: [[38600, 39799]],
  MT: [[59000, 59999]],
  NC: [[27000, 28999]],
  ND: [[58000, 58899]],
  NE: [[68000, 69399]],
  NH: [[3000, 3899]],
  NJ: [[7000, 8999]],
  NM: [[87000, 88499]],
  NV: [[88900, 89899]],
  NY: [[500, 599], [6300, 6399], [10000, 14999]],
  OH: [[43000, 45999]],
  OK: [[73000, 74999]],
  OR: [[97000, 97999]],
  PA: [[15000, 19699]],
  PR: [[600, 799], [900, 999]],
  RI: [[2800, 2999]],
  SC: [[29000, 29999]],
  SD: [[57000, 57799]],
  TN: [[37000, 38599]],
  TX: [[73300, 73399], [75000, 79999], [88500, 88599]],
  UT: [[84000, 84799]],
  VA: [[20100, 20199], [22000, 24699]],
  VI: [[800, 899]],
  VT: [[5000, 5499], [5600, 5999]],
  WA: [[98000, 99499]],
  WI: [[53000, 54999]],
  WV: [[24700, 26899]],
  WY: [[82000, 83199]],
};
