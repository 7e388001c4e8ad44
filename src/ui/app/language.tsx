// The language of the screens (issue 15, D157): chosen on a first visit from the browser's
// languages, then by the switch at the top of every screen, remembered in the browser.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import {
  LOCALES,
  LOCALE_NAMES,
  activeLocale,
  localeTag,
  pickLocale,
  type Locale,
} from '../../domain/locale';
import { setActiveLocale } from '../../domain/texts';
import {
  browserLanguages,
  markDocumentLanguage,
  saveLanguage,
  savedLanguage,
  setLanguageAdopter,
} from '../../browser/language';

/** The saved choice, else the first of the browser's languages we speak. */
export function initialLocale(): Locale {
  return savedLanguage() ?? pickLocale(browserLanguages());
}

/** Loads the texts of `locale` and marks the page with it (screen readers, fonts, hyphens). */
export async function startLocale(locale: Locale): Promise<void> {
  await setActiveLocale(locale);
  markDocumentLanguage(locale, localeTag(locale));
}

interface LanguageState {
  locale: Locale;
  /** Changes when the switch is used: the screen under it renders afresh (RootLayout's key). */
  screen: number;
  choose: (locale: Locale) => void;
}

const LanguageContext = createContext<LanguageState>({ locale: 'en', screen: 0, choose: () => {} });

export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [{ locale, screen }, setState] = useState({ locale: activeLocale(), screen: 0 });
  const choose = (next: Locale) => {
    saveLanguage(next);
    // The texts change in place; the new state renders the screen afresh once they are all in.
    void startLocale(next).then(() => setState((s) => ({ locale: next, screen: s.screen + 1 })));
  };
  // D162: the profile's language, taken at login, keeps the screen (and its flow) going: the
  // login moves on to the next screen, which renders in it.
  useEffect(() => {
    setLanguageAdopter(async (next) => {
      await startLocale(next);
      setState((s) => ({ ...s, locale: next }));
    });
    return () => setLanguageAdopter(null);
  }, []);
  return <LanguageContext value={{ locale, screen, choose }}>{children}</LanguageContext>;
}

/**
 * 'English | हिन्दी' at the top of every screen. Plain elements styled with Mantine's variables:
 * it ships in the entry chunk. Each name is written in its own language and marked so.
 */
export function LanguageSwitch() {
  const { locale, choose } = useLanguage();
  return (
    <nav
      aria-label="Language / भाषा"
      style={{
        display: 'flex',
        justifyContent: 'flex-end',
        gap: 'var(--mantine-spacing-xs)',
        padding: '2px var(--mantine-spacing-md)',
        fontSize: 'var(--mantine-font-size-sm)',
        background: 'var(--mantine-color-gray-0)',
        borderBottom: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={localeTag(l)}
          aria-pressed={l === locale}
          onClick={() => l !== locale && choose(l)}
          style={{
            minHeight: 32,
            padding: '0 var(--mantine-spacing-xs)',
            border: 0,
            background: 'none',
            font: 'inherit',
            cursor: 'pointer',
            color: l === locale ? 'var(--mantine-color-text)' : 'var(--mantine-color-anchor)',
            fontWeight: l === locale ? 700 : 400,
            textDecoration: l === locale ? 'none' : 'underline',
          }}
        >
          {LOCALE_NAMES[l]}
        </button>
      ))}
    </nav>
  );
}
