// What a route loads before its first paint, from Vite's build manifest: the entry chunk and
// the route's lazy modules (its layouts' and its screen's, scripts/lib/routeModules.ts), each
// with its CSS and static imports, transitively. The budget (scripts/check-budget.ts) weighs
// these files; the build (vite.config.ts) writes them per route into dist/.vite/routes.json,
// so the server can name them in index.html and the browser fetches them beside the entry
// instead of after it (D165).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
 * CSS; in Hindi also the Hindi twins its text modules import (and what those need).
 */
export function closure(
  manifest: Manifest,
  key: string,
  hindi: boolean,
  seen = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the build manifest: ${key}`);
  if (seen.has(key)) return new Set();
  seen.add(key);
  const files = new Set<string>();
  const twins = hindi
    ? (chunk.dynamicImports ?? []).filter((k) => manifest[k]?.src?.endsWith('.hi.ts'))
    : [];
  for (const imported of [...(chunk.imports ?? []), ...twins]) {
    for (const file of closure(manifest, imported, hindi, seen)) files.add(file);
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

/** Every file before the first paint of a route made of `modules`, entry included. */
export function firstPaintFiles(manifest: Manifest, modules: readonly string[], hindi: boolean) {
  const files = new Set(closure(manifest, entryKey(manifest), hindi));
  for (const module of modules)
    for (const file of closure(manifest, module, hindi)) files.add(file);
  return files;
}

/**
 * Per route path ('/static-link/:username'), the English first paint's files that index.html
 * does not already load (the entry's), in load order: what the server adds to index.html.
 */
export function routePreloads(manifest: Manifest): Record<string, string[]> {
  const entry = closure(manifest, entryKey(manifest), false);
  const preloads: Record<string, string[]> = {};
  for (const route of routeModules()) {
    const files = [...firstPaintFiles(manifest, route.modules, false)];
    preloads[route.path] = files.filter((file) => !entry.has(file));
  }
  return preloads;
}
