// What a route loads before its first paint, from Vite's build manifest: the entry chunk and
// the route's lazy modules (its layouts' and its screen's, scripts/lib/routeModules.ts), each
// with its CSS and static imports, transitively. The budget (scripts/check-budget.ts) weighs
// these files; the build (vite.config.ts) writes them per route into dist/.vite/routes.json,
// so the server can name them in index.html and the browser fetches them beside the entry
// instead of after it (D165).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, type Locale } from '../../src/domain/locale';
import { routeModules } from './routeModules';

export type Chunk = {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
};
export type Manifest = Record<string, Chunk>;

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * Files a chunk needs before it runs: its static imports, transitively, then itself and its
 * CSS; and the catalogs in `locale` its text modules load (D166). Without a locale, the code
 * alone.
 */
export function closure(
  manifest: Manifest,
  key: string,
  locale: Locale | null,
  seen = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the build manifest: ${key}`);
  if (seen.has(key)) return new Set();
  seen.add(key);
  const files = new Set<string>();
  const catalogs = locale
    ? (chunk.dynamicImports ?? []).filter((k) =>
        manifest[k]?.src?.startsWith(`src/locales/${locale}/`),
      )
    : [];
  for (const imported of [...(chunk.imports ?? []), ...catalogs]) {
    for (const file of closure(manifest, imported, locale, seen)) files.add(file);
  }
  // What a chunk imports comes first, so its own CSS follows its components' and wins ties,
  // as when Vite's loader adds them.
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  return files;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!key) throw new Error('No entry in the build manifest');
  return key;
}

/** Every file before the first paint in `locale` of a route made of `modules`, entry included. */
export function firstPaintFiles(manifest: Manifest, modules: readonly string[], locale: Locale) {
  const files = new Set(closure(manifest, entryKey(manifest), locale));
  for (const module of modules)
    for (const file of closure(manifest, module, locale)) files.add(file);
  return files;
}

/** Per language, the files a route's first paint needs beyond the entry's code. */
export type RoutePreloads = Record<Locale, string[]>;

/**
 * Per route path ('/static-link/:username'), and under '*' for a path no route has, the first
 * paint's files in each language that index.html does not already load (the entry's code), in
 * load order: what the server adds to index.html for a reader of that language.
 */
export function routePreloads(manifest: Manifest): Record<string, RoutePreloads> {
  const entry = closure(manifest, entryKey(manifest), null);
  const beyondEntry = (modules: readonly string[]) =>
    Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        [...firstPaintFiles(manifest, modules, locale)].filter((file) => !entry.has(file)),
      ]),
    ) as RoutePreloads;
  const preloads: Record<string, RoutePreloads> = { '*': beyondEntry([]) };
  for (const route of routeModules()) preloads[route.path] = beyondEntry(route.modules);
  return preloads;
}
