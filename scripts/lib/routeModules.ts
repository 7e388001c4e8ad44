// Every route of the app and the modules its first paint loads (its layouts' and its own
// screen's), read from the router's source (src/ui/app/routes.tsx), so the budget covers the
// routes the app really has. The router is written one way: each screen a
// `const X = lazyNamed(() => import('...'), 'Name')` (or through a shared loader), each route a
// `<Route path="..." element={<X ... />}>`, nested under layout routes.
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';

const ROUTES_FILE = 'src/ui/app/routes.tsx';

export interface RouteModules {
  /** e.g. '/static-link/:username' */
  path: string;
  /** Manifest keys of the lazily loaded modules, layouts first. */
  modules: string[];
}

const resolve = (specifier: string) => {
  const base = posix.join(posix.dirname(ROUTES_FILE), specifier);
  return base.endsWith('.tsx') ? base : `${base}.tsx`;
};

export function routeModules(source = readFileSync(ROUTES_FILE, 'utf8')): RouteModules[] {
  // Loaders shared by several screens: `const loadX = () => import('...')`.
  const loaders = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)) {
    loaders.set(m[1]!, resolve(m[2]!));
  }
  // Components: `const X = lazyNamed(() => import('...'), ...)` or `lazyNamed(loadX, ...)`.
  const components = new Map<string, string>();
  for (const m of source.matchAll(
    /const (\w+) = lazyNamed\(\s*(?:\(\) => import\('([^']+)'\)|(\w+))/g,
  )) {
    const module = m[2] ? resolve(m[2]) : loaders.get(m[3]!);
    if (module) components.set(m[1]!, module);
  }
  const routes: RouteModules[] = [];
  const stack: { path: string; module: string | null }[] = [];
  for (const tag of routeTags(source)) {
    if (tag.closing) {
      stack.pop();
      continue;
    }
    const path = /path="([^"]*)"/.exec(tag.attributes)?.[1] ?? '';
    const index = /\bindex\b/.test(tag.attributes);
    const element = /element=\{<(\w+)/.exec(tag.attributes)?.[1];
    const module = element ? (components.get(element) ?? null) : null;
    const parents = stack.map((s) => s.path).filter(Boolean);
    const full = `/${[...parents, path].filter(Boolean).join('/')}`;
    const layouts = stack.flatMap((s) => (s.module ? [s.module] : []));
    if (tag.selfClosing) {
      if ((path || index) && module && !path.includes('*')) {
        routes.push({ path: full, modules: [...layouts, module] });
      }
    } else {
      stack.push({ path, module });
    }
  }
  return routes;
}

/** `<Route ...>`, `<Route ... />` and `</Route>` in order; attributes may hold JSX in braces. */
function* routeTags(source: string) {
  let at = 0;
  for (;;) {
    const open = source.indexOf('<Route', at);
    const close = source.indexOf('</Route>', at);
    if (open < 0 && close < 0) return;
    if (close >= 0 && (open < 0 || close < open)) {
      yield { closing: true, selfClosing: false, attributes: '' };
      at = close + '</Route>'.length;
      continue;
    }
    let depth = 0;
    let i = open + '<Route'.length;
    for (; i < source.length; i += 1) {
      const c = source[i];
      if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      else if (c === '>' && depth === 0) break;
    }
    const attributes = source.slice(open + '<Route'.length, i);
    yield { closing: false, selfClosing: attributes.trimEnd().endsWith('/'), attributes };
    at = i + 1;
  }
}
