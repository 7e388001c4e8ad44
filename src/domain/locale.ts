// The languages the product speaks (issue 15) and which one texts are read in now. The words
// are Lingui's catalogs (texts.ts); numbers, money and dates go through Intl with `localeTag`.

export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

/** The BCP 47 tag Intl and <html lang> take: Indian English and Hindi as written in India. */
export function localeTag(locale: Locale): 'en-IN' | 'hi-IN' {
  return locale === 'hi' ? 'hi-IN' : 'en-IN';
}

/** Each language's name in itself, for the switch ('English', 'हिन्दी'). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of the user's languages we speak ('hi-IN' and 'hi' → hi), English otherwise. For
 * navigator.languages and for an Accept-Language header's tags in preference order.
 */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return 'en';
}

/** An Accept-Language header's tags, best first ('hi-IN,hi;q=0.9,en;q=0.8'); q=0 is "not this". */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag !== '' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}

let active: Locale = 'en';
/** Set on the server (texts.ts, followLocale): the language of the caller being served. */
let perRead: (() => Locale) | null = null;

/** The screens' language (the app). */
export function activeLocale(): Locale {
  return active;
}

/** Set for the length of `readIn`. */
let forced: Locale | null = null;

/** The language texts are read in now: the request's on the server, the screens' in the app. */
export function textLocale(): Locale {
  return forced ?? (perRead ? perRead() : active);
}

/** What `read` returns with every text it reads in `locale` (whose catalogs must be in). */
export function readIn<T>(locale: Locale, read: () => T): T {
  const before = forced;
  forced = locale;
  try {
    return read();
  } finally {
    forced = before;
  }
}

/** texts.ts's, once the catalogs are in: the screens' language, or the server's per-read one. */
export function setLocaleState(next: { active?: Locale; perRead?: () => Locale }): void {
  if (next.active) active = next.active;
  if (next.perRead) perRead = next.perRead;
}
