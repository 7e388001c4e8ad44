// D236: an error's code is the code of the text chosen where it is raised, never found again
// by matching the words back (issue 48: 'role: must be one of student, teacher' answered
// 'duesTab.chart.collectedOf', the first text whose pattern its words fitted). Every text of
// every module, said with its code, carries its own key, in both languages, whatever other
// text has the same words.
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/apiMessages';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { LOCALES, readIn } from '../../src/domain/locale';
import { messages } from '../../src/domain/messages';
import * as publicPages from '../../src/domain/publicPageTexts';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { coded, declaredArities, declaredTextIds, type Said } from '../../src/domain/texts';

const modules: Record<string, object> = {
  messages,
  dashboardTexts,
  studentsTexts,
  apiMessages,
  ...publicPages,
};

type Node = Record<string, unknown>;
const at = (tree: unknown, path: string[]) =>
  path.reduce<unknown>((node, key) => (node as Node | undefined)?.[key], tree);

/** Every text said with its code: [id, language, plain words, said]. */
function walk(): [string, string, string, Said][] {
  return declaredTextIds().flatMap((id) => {
    const [module, ...path] = id.split('.');
    const tree = modules[module!];
    const arity = declaredArities().get(id);
    if (!tree || arity === 'facts') return [];
    const plain = at(tree, path);
    const said = at(coded(tree), path);
    const args = Array.from({ length: arity ?? 0 }, () => 7);
    return LOCALES.map((locale): [string, string, string, Said] =>
      readIn(locale, () => [
        id,
        locale,
        typeof plain === 'function'
          ? (plain as (...a: unknown[]) => string)(...args)
          : (plain as string),
        typeof said === 'function' ? (said as (...a: unknown[]) => Said)(...args) : (said as Said),
      ]),
    );
  });
}

describe('D236 codes from where the text is chosen', () => {
  const said = walk();

  it('walks every text of every module, in both languages', () => {
    expect(said.length).toBeGreaterThan(1000);
  });

  it("gives each text its own key as its code, and the text's own words", () => {
    const wrong = said.filter(
      ([id, , words, s]) => s.code !== id.slice(id.indexOf('.') + 1) || s.message !== words,
    );
    expect(wrong.map(([id, locale]) => `${locale} ${id}`)).toEqual([]);
  });

  it('keeps texts with the same words apart: each says its own code', () => {
    // 'Paid' is both a due's status and its CSV status; 'Enter valid phone number' is one text.
    const paid = coded(studentsTexts);
    expect(paid.duesTab.statuses.paid).toEqual({ message: 'Paid', code: 'duesTab.statuses.paid' });
    expect(paid.dues.csv.statuses.paid).toEqual({
      message: 'Paid',
      code: 'dues.csv.statuses.paid',
    });
    const sameWords = new Map<string, Set<string>>();
    for (const [, locale, words, s] of said) {
      const key = `${locale} ${words}`;
      sameWords.set(key, (sameWords.get(key) ?? new Set()).add(s.code));
    }
    expect([...sameWords.values()].some((codes) => codes.size > 1)).toBe(true);
  });

  it('refuses what is not a tree of texts', () => {
    expect(() => coded({})).toThrow();
  });
});
