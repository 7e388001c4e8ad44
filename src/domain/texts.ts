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
/** The compiled messages of every language, for valueNames (a translation's slip). */
const compiled = new Map<Locale, Messages>();
type Part = string | [string, string?, Record<string, Part[]>?];
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

/**
 * D236: a text said with its stable code, as an API error carries it (`{message, code}`): the
 * code is the text's key without its module's name ('dues.notOpen' for
 * studentsTexts.dues.notOpen), fixed where the text is chosen, the same in every language.
 */
export interface Said {
  readonly message: string;
  readonly code: string;
}

/** A text tree read as Said: each text and message gives its words with its code. */
export type Coded<T> = T extends string
  ? Said
  : T extends (...args: infer A) => string
    ? (...args: A) => Said
    : T extends (...args: never[]) => unknown
      ? never
      : { readonly [K in keyof T]: Coded<T[K]> };

/** The code a text of id `id` ('studentsTexts.dues.notOpen') carries ('dues.notOpen'). */
export const codeOf = (id: string): string => id.slice(id.indexOf('.') + 1);

const codedTrees = new WeakMap<object, object>();

/** `tree` (a texts() tree or a branch of one) as Said: refuse(409, coded(m).notOpen). */
export function coded<T extends object>(tree: T): Coded<T> {
  const found = codedTrees.get(tree);
  if (!found) throw new Error('coded: not a tree of texts');
  return found as Coded<T>;
}

type Built = { plain: unknown; said?: unknown };

function build(from: Catalog, id: string, leaf: Leaf | Shape | readonly unknown[]): Built {
  if (typeof leaf === 'function') {
    declared.add(id);
    arities.set(id, leaf.length);
    const values = leaf as (...args: unknown[]) => Values;
    const code = codeOf(id);
    return {
      plain: (...args: unknown[]) => say(from, id, values(...args)),
      said: (...args: unknown[]): Said => ({ message: say(from, id, values(...args)), code }),
    };
  }
  if ((leaf as KeepLeaf<unknown>).kind === 'keep') return { plain: (leaf as KeepLeaf<unknown>).fn };
  if ((leaf as SectionsLeaf<unknown>).kind === 'sections') {
    const { values } = leaf as SectionsLeaf<unknown>;
    declared.add(id);
    arities.set(id, 'facts');
    return { plain: (facts: unknown) => toSections(say(from, id, values(facts))) };
  }
  const out = (Array.isArray(leaf) ? [] : {}) as Record<string, unknown>;
  const said = (Array.isArray(leaf) ? [] : {}) as Record<string, unknown>;
  for (const [key, child] of Object.entries(leaf)) {
    const childId = `${id}.${key}`;
    if (child === text) {
      declared.add(childId);
      const code = codeOf(childId);
      Object.defineProperty(out, key, { get: () => say(from, childId), enumerable: true });
      Object.defineProperty(said, key, {
        get: (): Said => ({ message: say(from, childId), code }),
        enumerable: true,
      });
    } else {
      const built = build(from, childId, child as Leaf | Shape);
      out[key] = built.plain;
      if (built.said !== undefined) said[key] = built.said;
    }
  }
  Object.freeze(said);
  codedTrees.set(Object.freeze(out), said);
  return { plain: out, said };
}

/** The texts named `name` in `from`'s catalog, shaped as `shape` says. */
export function texts<const S extends Shape>(from: Catalog, name: string, shape: S): Texts<S> {
  return build(from, name, shape).plain as Texts<S>;
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
