// The languages the product speaks (issue 15, D156) and how a text module follows the active one.
//
// Every text module (messages.ts, dashboardTexts.ts, …) is an English object, the spec's words.
// Its Hindi twin is a module of the same type (`Translation<typeof texts>`), so a key missing
// from either fails the typecheck. `localize` registers the pair: when Hindi is active the
// twin's values are copied into the English object in place, so every reader, including a
// `const m = messages.review` taken at module load, reads Hindi, and switching back restores
// the English kept aside. The twin is a dynamic import: a first paint in English never loads it.
// Plurals, numbers, money and dates go through Intl with `localeTag`.
// The server answers many callers at once, each in their language: there `followLocale` turns
// every text into a getter that reads the language of the request being served.

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

const pluralRules = new Map<Locale, Intl.PluralRules>();

/** The form CLDR's plural rules pick for `n` in `locale` (Intl): English 'one' is 1 only. */
export function plural<T>(locale: Locale, n: number, forms: { one: T; other: T }): T {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(localeTag(locale));
    pluralRules.set(locale, rules);
  }
  return rules.select(n) === 'one' ? forms.one : forms.other;
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

/** A text module's shape with its English literals widened: what a translation must provide. */
export type Translation<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Translation<R>
    : T extends readonly (infer E)[]
      ? readonly Translation<E>[]
      : T extends object
        ? { readonly [K in keyof T]: Translation<T[K]> }
        : T;

type Tree = Record<string, unknown>;
type Loader = () => Promise<Tree>;

interface Registered {
  texts: Tree;
  english: Tree;
  loaders: Partial<Record<Exclude<Locale, 'en'>, Loader>>;
  /** Translations loaded so far (the server loads them all). */
  loaded: Partial<Record<Exclude<Locale, 'en'>, Tree>>;
}

const registered: Registered[] = [];
/** Translations being applied to modules registered while a language other than English is on. */
const pending = new Set<Promise<void>>();
let active: Locale = 'en';
/** Set on the server (followLocale): the language of the caller being served. */
let perRead: (() => Locale) | null = null;

export function activeLocale(): Locale {
  return active;
}

/** The language texts are read in now: the request's on the server, the screens' in the app. */
export function textLocale(): Locale {
  return perRead ? perRead() : active;
}

/** Copies `from` into `into`, object by object, so references to inner objects stay live. */
function copyInto(into: Tree, from: Tree): void {
  for (const key of Object.keys(from)) {
    const value = from[key];
    const target = into[key];
    if (
      value !== null &&
      typeof value === 'object' &&
      target !== null &&
      typeof target === 'object'
    ) {
      copyInto(target as Tree, value as Tree);
    } else {
      into[key] = value;
    }
  }
}

/** A deep copy of a text tree's own values (functions are shared, they are stateless). */
function snapshot(tree: Tree): Tree {
  const copy: Tree = Array.isArray(tree) ? ([] as unknown as Tree) : {};
  for (const key of Object.keys(tree)) {
    const value = tree[key];
    copy[key] = value !== null && typeof value === 'object' ? snapshot(value as Tree) : value;
  }
  return copy;
}

async function apply(entry: Registered, locale: Locale): Promise<void> {
  const load = locale === 'en' ? undefined : entry.loaders[locale];
  const source = load ? await load() : entry.english;
  copyInto(entry.texts, source);
}

/**
 * Registers a text module with its translations and brings it to the active language. A lazy
 * screen awaits `textsReady()` after its chunk loads, so it renders in the right language.
 * (Not top-level await: with it the bundler splits the entry chunk and every first paint grows.)
 */
export async function localize<T extends object>(
  texts: T,
  loaders: Partial<Record<Exclude<Locale, 'en'>, () => Promise<Translation<T>>>>,
): Promise<void> {
  const tree = texts as Tree;
  const entry: Registered = {
    texts: tree,
    english: snapshot(tree),
    loaders: loaders as Registered['loaders'],
    loaded: {},
  };
  registered.push(entry);
  const work = perRead ? follow(entry, perRead) : active !== 'en' ? apply(entry, active) : null;
  if (!work) return;
  pending.add(work);
  try {
    await work;
  } finally {
    pending.delete(work);
  }
}

/** Resolves once every text module loaded so far is in the active language. */
export async function textsReady(): Promise<void> {
  await Promise.all([...pending]);
}

/** Makes every text of `into` a getter reading its value in the language `current()` names. */
function installGetters(into: Tree, trees: Record<Locale, Tree>, current: () => Locale): void {
  for (const key of Object.keys(trees.en)) {
    const english = trees.en[key];
    if (english !== null && typeof english === 'object') {
      const sub = (locale: Locale) => (trees[locale]?.[key] ?? english) as Tree;
      installGetters(into[key] as Tree, { en: english as Tree, hi: sub('hi') }, current);
    } else {
      Object.defineProperty(into, key, {
        get: () => trees[current()]?.[key] ?? english,
        enumerable: true,
        configurable: true,
      });
    }
  }
}

async function follow(entry: Registered, current: () => Locale): Promise<void> {
  const hi = entry.loaders.hi ? await entry.loaders.hi() : entry.english;
  entry.loaded.hi = hi;
  codes = null;
  installGetters(entry.texts, { en: entry.english, hi }, current);
}

// Stable codes (issue 15, D158): an error's `code` is the key of the text its `message` is,
// e.g. 'refunds.settled', found by value in any language. A text made from values (a function)
// is matched by the pattern it writes, its values standing where the pattern has gaps.
type CodeIndex = { exact: Map<string, string>; patterns: [RegExp, string][] };
let codes: CodeIndex | null = null;
const GAP = '\u0001';

function indexTree(tree: Tree, path: string[], index: CodeIndex): void {
  for (const [key, value] of Object.entries(tree)) {
    const at = [...path, key];
    const code = at.join('.');
    if (typeof value === 'string') {
      if (!index.exact.has(value)) index.exact.set(value, code);
    } else if (typeof value === 'function') {
      let sample: unknown;
      try {
        sample = (value as (...a: string[]) => unknown)(
          ...Array.from({ length: Math.max(value.length, 1) }, (_, i) => `${GAP}${i}${GAP}`),
        );
      } catch {
        continue;
      }
      if (typeof sample !== 'string' || !sample.includes(GAP)) continue;
      const escaped = sample.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const source = escaped.replace(new RegExp(`${GAP}\\d+${GAP}`, 'g'), '([\\s\\S]+?)');
      index.patterns.push([new RegExp(`^${source}$`), code]);
    } else if (value !== null && typeof value === 'object') {
      indexTree(value as Tree, at, index);
    }
  }
}

/** The code of a text the product says, in any language; undefined for words not ours. */
export function textCode(text: string): string | undefined {
  if (!codes) {
    codes = { exact: new Map(), patterns: [] };
    for (const entry of registered) {
      for (const tree of [entry.english, ...Object.values(entry.loaded)]) {
        if (tree) indexTree(tree, [], codes);
      }
    }
  }
  return codes.exact.get(text) ?? codes.patterns.find(([pattern]) => pattern.test(text))?.[1];
}

/**
 * Server: from now on every text module, loaded or to come, answers each read in the language
 * `current()` names (the request's, from Accept-Language, or a text's recipient's).
 */
export async function followLocale(current: () => Locale): Promise<void> {
  perRead = current;
  await Promise.all(registered.map((entry) => follow(entry, current)));
}

/** Makes `locale` the active language of every text module loaded so far and of those to come. */
export async function setActiveLocale(locale: Locale): Promise<void> {
  if (locale === active) return;
  await Promise.all(registered.map((entry) => apply(entry, locale)));
  active = locale;
}
