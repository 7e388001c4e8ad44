// D242: a logged-in device as its browser names itself in the User-Agent header, for the
// device list ('Chrome · Android'): the browser and the system, in that order, each from the
// first of its known tokens found; words we do not know leave it out. Brands, not words: the
// same in every language.

/** The browsers, most specific first (Edge and Samsung's say 'Chrome' too). */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** The systems, most specific first (Android says 'Linux' too, iPadOS 'Mac OS X'). */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const first = (text: string, known: readonly [RegExp, string][]) =>
  known.find(([pattern]) => pattern.test(text))?.[1];

/** 'Chrome · Android', 'Safari · iPhone', 'Firefox' alone, or '' when nothing is known. */
export function deviceName(userAgent: string | undefined): string {
  const text = (userAgent ?? '').slice(0, 512);
  return [first(text, BROWSERS), first(text, SYSTEMS)].filter(Boolean).join(' · ');
}
