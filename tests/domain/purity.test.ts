// ARCHITECTURE.md: src/domain is pure (browser and server). Lint forbids our other folders and
// frameworks; this also refuses Node built-ins and any package but zod's tree-shakable API
// (zod/mini) and Lingui's runtime (D166), and Node/DOM globals.
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '../../src/domain');
const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));

describe('src/domain purity', () => {
  it('has files to check', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files)('%s imports only ./siblings, zod/mini and @lingui/core', (file) => {
    const source = readFileSync(join(dir, file), 'utf8');
    const specifiers = [...source.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g)].map((m) => m[1]);
    for (const s of specifiers)
      expect(['zod/mini', '@lingui/core'].includes(s!) || /^\.\/[\w.-]+$/.test(s!)).toBe(true);
    // The one dynamic import: a text module's compiled catalog in one language (D166).
    const loose = source.replace(/\bimport\('\.\.\/locales\/(en|hi)\/\w+'\)/g, '');
    expect(loose).not.toMatch(/\brequire\(|\bimport\(/);
  });

  it.each(files)('%s uses no Node or DOM globals', (file) => {
    const code = readFileSync(join(dir, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '');
    expect(code).not.toMatch(
      /\b(process|Buffer|window|document|localStorage|sessionStorage|fetch|globalThis)\b/,
    );
  });
});
