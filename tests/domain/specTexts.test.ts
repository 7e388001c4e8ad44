// The product spec's English words (issue 47): every text the spec quotes is in the English
// catalog word for word, so no UI or e2e test can pass on a text that drifted (they read their
// expected texts from the catalogs they check). The quoted texts are read from docs/spec-texts.md,
// a copy (a CI clone has no ../shared); wherever the spec itself is present, the copy is checked
// against it. A few quoted texts are deliberately not catalog texts: each says why, and those
// that are values say which constant holds them.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOKED_SESSION_SUBJECT, USER_ROLES } from '../../src/domain/constants';

/**
 * Where the spec is, when it is: ../shared from the main checkout (/work/main), ../../shared
 * from a worktree (/work/wt/<name>), or PRODUCT_SPEC.
 */
const SPEC = [
  process.env.PRODUCT_SPEC,
  '../shared/spec/product-spec.md',
  '../../shared/spec/product-spec.md',
].find((path): path is string => !!path && existsSync(path));

/** Every text the spec quotes ('...', not an apostrophe), once, in the spec's order. */
function quotedTexts(markdown: string): string[] {
  const quotes = markdown.matchAll(/(?<![\p{L}\p{N}])'([^'\n]+?)'(?![\p{L}\p{N}])/gu);
  return [...new Set([...quotes].map((match) => match[1]!))];
}

const copy = readFileSync('docs/spec-texts.md', 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('- '))
  .map((line) => line.slice(2));

/** Every English text of the catalogs (the PO files' msgstr, continuation lines joined). */
const english = readdirSync('src/locales/en')
  .filter((file) => file.endsWith('.po'))
  .flatMap((file) => {
    const po = readFileSync(join('src/locales/en', file), 'utf8');
    return [...po.matchAll(/^msgstr "((?:[^"\\]|\\.)*)"((?:\n"(?:[^"\\]|\\.)*")*)/gm)].map(
      ([, first, rest]) =>
        JSON.parse(`"${first}${(rest ?? '').replace(/\n"((?:[^"\\]|\\.)*)"/g, '$1')}"`) as string,
    );
  });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A catalog text says the spec's words: the same words, where the spec's placeholders ({tutor},
 * 'N seconds') and the catalog's ({seconds}) stand for whatever fills them.
 */
function saysIt(quote: string, text: string): boolean {
  // A text that is only values ('{what}') says no words of its own.
  if (!/\p{L}/u.test(text.replace(/\{[^}]+\}/g, ''))) return false;
  const spec = escape(quote).replace(/\\\{\w+\\\}|\bN\b/g, '(?:\\{[^}]+\\}|.+)');
  const catalog = escape(text).replace(/\\\{[^}]+\\\}/g, '.+');
  return new RegExp(`^${spec}$`).test(text) || new RegExp(`^${catalog}$`).test(quote);
}

/** Quoted texts that are deliberately not catalog texts, and why. */
const NOT_IN_THE_CATALOG: Record<string, { why: string; is?: unknown }> = {
  '9th October': { why: 'D5: the settlement date is computed, never this hard-coded one' },
  '5:00 pm': { why: 'D5: the settlement time is computed and written in the language read' },
  true: { why: "the value of the spec's stored login flags, not a text" },
  student: { why: 'the role the request sends (spec §6)', is: USER_ROLES[0] },
  'Something went wrong. Please try again': {
    why: "D2: the spec's other reading, 'Something went wrong. Please try again!', is the text",
  },
  'Maths session': {
    why: "D20: the booked session's stored subject and title, data rather than a text",
    is: BOOKED_SESSION_SUBJECT,
  },
};

describe("the spec's English words", () => {
  it('has each quoted text in the English catalog, word for word', () => {
    const missing = copy.filter(
      (quote) => !(quote in NOT_IN_THE_CATALOG) && !english.some((text) => saysIt(quote, text)),
    );
    expect(missing).toEqual([]);
    expect(copy.length).toBeGreaterThan(50);
  });

  it('keeps only exceptions the spec quotes and the catalog lacks; values are what they say', () => {
    for (const [quote, { is }] of Object.entries(NOT_IN_THE_CATALOG)) {
      expect(copy, quote).toContain(quote);
      expect(
        english.some((text) => saysIt(quote, text)),
        quote,
      ).toBe(false);
      if (is !== undefined) expect(is, quote).toBe(quote);
    }
  });

  it('compares placeholders, not just words', () => {
    expect(saysIt('Redirecting in N seconds...', 'Redirecting in {seconds} seconds...')).toBe(true);
    expect(saysIt('Profile last verified: a week ago', 'Profile last verified: {ago}')).toBe(true);
    expect(saysIt('Verify', 'Verify Again')).toBe(false);
    expect(saysIt('Verification Failed!', 'Verification Failed')).toBe(false);
  });

  it.runIf(SPEC)('copies what the spec quotes (docs/spec-texts.md)', () => {
    expect(copy).toEqual(quotedTexts(readFileSync(SPEC!, 'utf8')));
  });
});
