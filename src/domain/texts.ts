// How the product's words reach its readers (issue 15, D166). The words live in Lingui's
// catalogs: src/locales/{en,hi}/<module>.po, ICU messages keyed by their path
// ('messages.otp.resendIn'), compiled by `npm run i18n` into src/locales/*/<module>.ts. A text
// module (messages.ts, dashboardTexts.ts, …) declares only the shape: which keys are plain
// texts, which take values and of what type. Its readers keep reading `messages.otp.resend` or
// calling `messages.otp.resendIn(30)`; each read asks Lingui for the message in the language of
// the moment: the screens' in the app, the request's on the server.
//
// A module's catalog is loaded per language (a dynamic import), so a first paint carries one
// language only; a lazy screen awaits `textsReady()` before it renders. Reading a text whose
// catalog is not loaded yet is a bug, and throws.
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LOCALES, localeTag, setLocaleState, textLocale, type Locale } from './locale';
import { TEXT_VALUES } from './textValues';

/** A message's values by name: any object, e.g. a policy page's facts. */
type Values = object;
type Load = () => Promise<{ messages: Messages }>;

/** A module's catalog: how to load it in each language, and which languages are in. */
export interface Catalog {
  readonly load: Record<Locale, Load>;
  readonly loaded: Set<Locale>;
}

declare const plainText: unique symbol;
/** A text without values. */
export interface TextLeaf {
  readonly [plainText]: true;
}
export const text = { kind: 'text' } as unknown as TextLeaf;

/** What is not words but a format every language writes alike (apiFormats.ts). */
export interface KeepLeaf<F> {
  readonly kind: 'keep';
  readonly fn: F;
}
export function keep<F>(fn: F): KeepLeaf<F> {
  return { kind: 'keep', fn };
}

/** One section of a long page: a heading, paragraphs, then an optional list. */
export interface Section {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}
/** A long page written in its catalog as '## heading' lines, paragraphs and '- ' items. */
export interface SectionsLeaf<F> {
  readonly kind: 'sections';
  readonly values: (facts: F) => Values;
}
export function sections<F>(values: (facts: F) => Values): SectionsLeaf<F> {
  return { kind: 'sections', values };
}

type Leaf = TextLeaf | KeepLeaf<unknown> | SectionsLeaf<never> | ((...args: never[]) => Values);
interface Shape {
  readonly [key: string]: Leaf | Shape | readonly (TextLeaf | Shape)[];
}

/** What readers see: a string for a text, a function of the values for a message. */
export type Texts<S> = S extends TextLeaf
  ? string
  : S extends KeepLeaf<infer F>
    ? F
    : S extends SectionsLeaf<infer F>
      ? (facts: F) => Section[]
      : S extends (...args: infer A) => Values
        ? (...args: A) => string
        : { readonly [K in keyof S]: Texts<S[K]> };

const catalogs: Catalog[] = [];
const instances = new Map<Locale, I18n>();
const pending = new Set<Promise<void>>();
/** Set on the server: every catalog is loaded in every language. */
let serving = false;
/** The language the screens are switching to: a catalog registered meanwhile loads it too. */
let switchingTo: Locale | null = null;

function i18n(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    const tag = localeTag(locale);
    instance = setupI18n({ locale: tag, messages: { [tag]: {} } });
    instances.set(locale, instance);
  }
  return instance;
}

async function bring(catalog: Catalog, locale: Locale): Promise<void> {
  if (catalog.loaded.has(locale)) return;
  const { messages } = await catalog.load[locale]();
  i18n(locale).load(localeTag(locale), messages);
  // In place: a copy per catalog was quadratic in the modules loaded, on every page's start.
  const all = compiled.get(locale);
  if (all) Object.assign(all, messages);
  else compiled.set(locale, { ...messages });
  catalog.loaded.add(locale);
  codes = null;
}

function track(work: Promise<void>): void {
  pending.add(work);
  void work.then(
    () => pending.delete(work),
    () => pending.delete(work),
  );
}

/** Registers a module's catalog and starts loading it in the language(s) it is read in. */
export function catalog(load: Record<Locale, Load>): Catalog {
  const entry: Catalog = { load, loaded: new Set() };
  catalogs.push(entry);
  const locales = serving ? LOCALES : [...new Set([textLocale(), switchingTo ?? textLocale()])];
  track(Promise.all(locales.map((locale) => bring(entry, locale))).then(() => undefined));
  return entry;
}

function say(from: Catalog, id: string, values?: Values): string {
  const locale = textLocale();
  if (!from.loaded.has(locale))
    throw new Error(`'${id}' was read before its ${locale} catalog loaded`);
  const all = values ? { ...TEXT_VALUES, ...(values as Record<string, unknown>) } : TEXT_VALUES;
  // A message naming a value its text does not give would print a gap: a translation's slip.
  for (const name of valueNames(locale, id)) {
    if (!(name in all))
      throw new Error(`'${id}' in ${locale} names {${name}}, not one of its values`);
  }
  return i18n(locale)._(id, all);
}

const names = new Map<string, Set<string>>();

/** The values a compiled message names, in its branches too. */
function valueNames(locale: Locale, id: string): Set<string> {
  const key = `${locale} ${id}`;
  let found = names.get(key);
  if (!found) {
    found = new Set();
    const collect = (parts: readonly Part[]) => {
      for (const part of parts) {
        if (typeof part === 'string') continue;
        found!.add(part[0]);
        for (const branch of Object.values(part[2] ?? {})) collect(branch);
      }
    };
    const message = compiled.get(locale)?.[id];
    if (Array.isArray(message)) collect(message as Part[]);
    names.set(key, found);
  }
  return found;
}

/** A long page's markup ('## heading', paragraphs, '- item') as sections. */
function toSections(markup: string): Section[] {
  const out: { heading: string; paragraphs: string[]; list?: string[] }[] = [];
  for (const line of markup.split('\n')) {
    const section = out.at(-1);
    if (line.startsWith('## ')) out.push({ heading: line.slice(3), paragraphs: [] });
    else if (!section || line === '') continue;
    else if (line.startsWith('- ')) (section.list ??= []).push(line.slice(2));
    else section.paragraphs.push(line);
  }
  return out;
}

/** Every text id the modules declare: what the catalogs must hold, no more and no less. */
const declared = new Set<string>();
/** How many arguments each text that takes values takes; a policy page's is its facts. */
const arities = new Map<string, number | 'facts'>();

export function declaredTextIds(): readonly string[] {
  return [...declared];
}

export function declaredArities(): ReadonlyMap<string, number | 'facts'> {
  return arities;
}

function build(from: Catalog, id: string, leaf: Leaf | Shape | readonly unknown[]): unknown {
  if (typeof leaf === 'function') {
    declared.add(id);
    arities.set(id, leaf.length);
    const values = leaf as (...args: unknown[]) => Values;
    return (...args: unknown[]) => say(from, id, values(...args));
  }
  if ((leaf as KeepLeaf<unknown>).kind === 'keep') return (leaf as KeepLeaf<unknown>).fn;
  if ((leaf as SectionsLeaf<unknown>).kind === 'sections') {
    const { values } = leaf as SectionsLeaf<unknown>;
    declared.add(id);
    arities.set(id, 'facts');
    return (facts: unknown) => toSections(say(from, id, values(facts)));
  }
  const out = (Array.isArray(leaf) ? [] : {}) as Record<string, unknown>;
  for (const [key, child] of Object.entries(leaf)) {
    const childId = `${id}.${key}`;
    if (child === text) {
      declared.add(childId);
      Object.defineProperty(out, key, { get: () => say(from, childId), enumerable: true });
    } else {
      out[key] = build(from, childId, child as Leaf | Shape);
    }
  }
  return Object.freeze(out);
}

/** The texts named `name` in `from`'s catalog, shaped as `shape` says. */
export function texts<const S extends Shape>(from: Catalog, name: string, shape: S): Texts<S> {
  return build(from, name, shape) as Texts<S>;
}

/** Resolves once every catalog asked for so far is in. */
export async function textsReady(): Promise<void> {
  await Promise.all([...pending]);
}

/** Makes `locale` the screens' language, once every catalog loaded so far is in it. */
export async function setActiveLocale(locale: Locale): Promise<void> {
  switchingTo = locale;
  try {
    await loadCatalogs([locale]);
    setLocaleState({ active: locale });
  } finally {
    switchingTo = null;
  }
}

/**
 * Server: every catalog, loaded or to come, in every language; each read answers in the
 * language `current()` names (the request's, from Accept-Language, or a text's recipient's).
 */
export async function followLocale(current: () => Locale): Promise<void> {
  serving = true;
  setLocaleState({ perRead: current });
  await loadCatalogs(LOCALES);
}

/** Loads every catalog registered so far in each of `locales`. */
export async function loadCatalogs(locales: readonly Locale[]): Promise<void> {
  await Promise.all(catalogs.flatMap((entry) => locales.map((locale) => bring(entry, locale))));
}

// Stable codes (issue 15, D158): an error's `code` is the key of the text its `message` is,
// e.g. 'refunds.settled' (its id without the module's name), found by value in any language.
// A message with values is matched by its pattern, its values standing in its gaps.
type CodeIndex = { exact: Map<string, string>; patterns: [RegExp, string][] };
const compiled = new Map<Locale, Messages>();
let codes: CodeIndex | null = null;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

type Part = string | [string, string?, Record<string, Part[]>?];

/** A compiled message as a pattern: its words as they are, each value a gap (D158). */
function patternOf(parts: readonly Part[], inPlural = false): string {
  return parts
    .map((part) => {
      if (typeof part === 'string')
        return inPlural && part === '#' ? '([\\s\\S]+?)' : escapeRegExp(part);
      const [name, format, branches] = part;
      if (branches) {
        const plural = format === 'plural' || format === 'selectordinal';
        return `(?:${Object.values(branches)
          .map((b) => patternOf(b, plural))
          .join('|')})`;
      }
      // A value from TEXT_VALUES is fixed: written in, it keeps the pattern exact.
      const fixed = format === undefined ? TEXT_VALUES[name] : undefined;
      return fixed === undefined ? '([\\s\\S]+?)' : escapeRegExp(String(fixed));
    })
    .join('');
}

/** Whether a text has words of its own beside its values: one that is only values and
 * punctuation ('{action}: {plan}', an aria label) would match any 'X: Y' it did not say. */
function hasWords(parts: readonly Part[]): boolean {
  return parts.some((part) =>
    typeof part === 'string'
      ? /\p{L}/u.test(part)
      : part[2] !== undefined && Object.values(part[2]).some((branch) => hasWords(branch)),
  );
}

function indexCodes(): CodeIndex {
  const index: CodeIndex = { exact: new Map(), patterns: [] };
  // Where two texts are the same words, the server's (apiMessages, then messages) win, then the
  // first declared: the code does not depend on which module a process happened to load first.
  const rank = (id: string) =>
    id.startsWith('apiMessages.') ? 0 : id.startsWith('messages.') ? 1 : 2;
  const ids = [...declared].sort((a, b) => rank(a) - rank(b));
  for (const messages of compiled.values()) {
    for (const id of ids) {
      const message = messages[id];
      if (message === undefined) continue;
      const code = id.slice(id.indexOf('.') + 1);
      const parts = (typeof message === 'string' ? [message] : message) as Part[];
      if (parts.every((part) => typeof part === 'string')) {
        const whole = parts.join('');
        if (!index.exact.has(whole)) index.exact.set(whole, code);
      } else if (hasWords(parts)) {
        index.patterns.push([new RegExp(`^${patternOf(parts)}$`), code]);
      }
    }
  }
  return index;
}

/** The code of a text the product says, in any language; undefined for words not ours. */
export function textCode(said: string): string | undefined {
  codes ??= indexCodes();
  return codes.exact.get(said) ?? codes.patterns.find(([pattern]) => pattern.test(said))?.[1];
}
