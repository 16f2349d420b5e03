// Issue 26: the session list's device in a readable form ("Firefox on Windows") from the user agent the
// sign-in sent. Decision: a few patterns of our own instead of a UA-parsing library: the page needs browser
// and system only, and an unknown agent is shown as "unknown device", never as its raw string.

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|Chromium|HeadlessChrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: [RegExp, string][], ua: string): string | null => list.find(([re]) => re.test(ua))?.[1] ?? null;

/** Browser and system of a user agent; either null when not recognised. */
export function deviceOf(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) };
}
