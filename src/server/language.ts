// The language the server is writing in (issue 15, D158): a request's, from its
// Accept-Language (http/language.ts), or a text's recipient's (`inLocale`). Every text module
// reads it on the server (followLocale), so the words are in that language wherever they are made.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Locale } from '../domain/locale';
import { followLocale } from '../domain/texts';

const store = new AsyncLocalStorage<Locale>();

/** The language of the request or text being made; English outside either. */
export const currentLocale = (): Locale => store.getStore() ?? 'en';

/** Runs `fn` with every text read in `locale`. */
export function inLocale<T>(locale: Locale, fn: () => T): T {
  return store.run(locale, fn);
}

/** Makes every text module, loaded or to come, read the current language. Once per process. */
export function followCurrentLocale(): Promise<void> {
  return followLocale(currentLocale);
}
