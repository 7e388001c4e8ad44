// D166: a module must not read a text as it loads. The app's modules load before any catalog
// is in (the entry waits for the catalogs only before it renders), so such a read would throw
// at start or, in another language, freeze the words of the first one. Each module under
// `dirs` is loaded afresh, with no catalog loaded, and must load.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `entries` start a process (a server, a render) when loaded; what they import is checked. */
export function describeLoadingWithoutTexts(dirs: string[], entries: string[]): void {
  const modules = dirs
    .flatMap(sources)
    .map((path) => relative('.', path))
    .filter((path) => !entries.includes(path));

  describe('loading a module with no catalog in', () => {
    it('has modules to load', () => {
      expect(modules.length).toBeGreaterThan(20);
    });

    it.each(modules)('%s reads no text as it loads', async (path) => {
      vi.resetModules();
      await expect(import(/* @vite-ignore */ `../../${path}`)).resolves.toBeDefined();
    });
  });
}
