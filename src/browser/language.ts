// What the browser keeps and says of languages (issue 15): the user's choice, their preferred
// languages, and the page's own. Apart from storage.ts on purpose: it ships in the entry chunk
// without zod, and a language is a preference that outlives logout (storage.clearAll).
import { isLocale, type Locale } from '../domain/locale';

const KEY = 'language';

/** The language the user chose on this browser, or null (none, unreadable, or no storage). */
export function savedLanguage(): Locale | null {
  try {
    const value = localStorage.getItem(KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function saveLanguage(locale: Locale): void {
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // Private mode or a full quota: the choice holds for this page only.
  }
}

/** The user's languages, best first ('hi-IN', 'en-US'). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/**
 * Sets <html lang>, which screen readers, fonts and the browser's translate offer follow, and
 * tells the server (a cookie) which language's words the next page should come with (D166).
 */
export function markDocumentLanguage(locale: Locale, tag: string): void {
  document.documentElement.lang = tag;
  document.cookie = `${KEY}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

type Adopter = (locale: Locale) => Promise<void>;
let adopter: Adopter | null = null;

/** How the screens take a language without starting over (set by the app's LanguageProvider). */
export function setLanguageAdopter(next: Adopter | null): void {
  adopter = next;
}

/**
 * At login (issue 15, D162): the language on the user's profile, for a device where they have
 * not chosen one. Only a language other than English counts, since English is also what the
 * profile says of a user who never used the app; a device that follows a Hindi browser keeps it.
 * Resolves once the screens speak it, so the calls after login carry it.
 */
export async function offerProfileLanguage(locale: Locale): Promise<void> {
  if (locale === 'en' || savedLanguage() !== null) return;
  saveLanguage(locale);
  await adopter?.(locale);
}
