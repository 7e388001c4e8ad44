// Issue 15: the catalogs. Every text has its Hindi twin and no twin has a text English lacks
// (the typecheck says so too, through Translation<T>); no text is left that no code reads;
// a twin never imports its English module's values, which would deadlock their loading.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/apiMessages';
import { apiMessages as apiMessagesHi } from '../../src/domain/apiMessages.hi';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { dashboardTexts as dashboardTextsHi } from '../../src/domain/dashboardTexts.hi';
import { messages } from '../../src/domain/messages';
import { messages as messagesHi } from '../../src/domain/messages.hi';
import * as publicPages from '../../src/domain/publicPageTexts';
import * as publicPagesHi from '../../src/domain/publicPageTexts.hi';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { studentsTexts as studentsTextsHi } from '../../src/domain/studentsTexts.hi';

type Tree = Record<string, unknown>;

/** Every text's key path ('otp.resendIn'), with whether it is a string, a function or a list. */
function leaves(tree: Tree, path: string[] = []): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = [...path, key];
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [p, kind] of leaves(value as Tree, at)) found.set(p, kind);
    } else {
      found.set(at.join('.'), Array.isArray(value) ? `list of ${value.length}` : typeof value);
    }
  }
  return found;
}

const catalogs: [string, Tree, Tree][] = [
  ['messages', messages, messagesHi],
  ['dashboardTexts', dashboardTexts, dashboardTextsHi],
  ['apiMessages', apiMessages, apiMessagesHi],
  ['studentsTexts', studentsTexts, studentsTextsHi],
  ['policyTexts', publicPages.policyTexts, publicPagesHi.policyTexts],
  ['productPolicyTexts', publicPages.productPolicyTexts, publicPagesHi.productPolicyTexts],
  ['marketingTexts', publicPages.marketingTexts, publicPagesHi.marketingTexts],
];

/** The code that may read texts: everything but the catalogs themselves. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}
const catalogFiles = /(messages|Texts|apiMessages)(\.hi)?\.ts$/;
const code = [...sources('src'), ...sources('machines')]
  .filter((file) => !catalogFiles.test(file))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

describe.each(catalogs)('the %s catalog', (name, english, hindi) => {
  it('has the same texts, of the same kinds, in English and Hindi', () => {
    expect([...leaves(hindi as Tree)]).toEqual([...leaves(english as Tree)]);
  });

  it('has Hindi that is written in Hindi, not left in English', () => {
    const same = [...leaves(english as Tree).keys()].filter((path) => {
      const read = (tree: Tree) => path.split('.').reduce<unknown>((t, k) => (t as Tree)[k], tree);
      const en = read(english as Tree);
      return typeof en === 'string' && /[a-z]{3,} [a-z]{3,}/.test(en) && en === read(hindi as Tree);
    });
    expect(same).toEqual([]);
  });

  it('has no text that no code reads', () => {
    const unread = [...leaves(english as Tree).keys()].filter((path) => {
      const parts = path.split('.');
      const key = parts.at(-1)!;
      const parent = parts.at(-2) ?? name;
      // Read by name (`m.resendIn`), or as one of a record read by a value (`labels[status]`).
      return !(new RegExp(`\\.${key}\\b`).test(code) || new RegExp(`\\b${parent}\\[`).test(code));
    });
    expect(unread).toEqual([]);
  });
});

describe('the Hindi twins', () => {
  const twins = readdirSync('src/domain').filter((file) => file.endsWith('.hi.ts'));

  it.each(twins)('%s imports its English module for its type only', (twin) => {
    const english = twin.replace('.hi.ts', '');
    const source = readFileSync(join('src/domain', twin), 'utf8');
    const imports = [...source.matchAll(/^import (type )?[^;]*from '\.\/([\w.]+)';/gm)];
    const ofEnglish = imports.filter(([, , from]) => from === english);
    expect(ofEnglish.length).toBeGreaterThan(0);
    expect(ofEnglish.every(([, type]) => type === 'type ')).toBe(true);
  });

  it('are each loaded by their English module', () => {
    for (const twin of twins) {
      const english = readFileSync(join('src/domain', twin.replace('.hi', '')), 'utf8');
      expect(english).toContain(`import('./${twin.replace('.ts', '')}')`);
    }
  });
});
