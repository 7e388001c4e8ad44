// Issue 15: Lingui's catalogs (D166). Both languages hold exactly the texts the code declares (a
// text missing from either, or one no module declares, fails); no Hindi is left in English; no
// text is left that no code reads; plurals follow CLDR's rules through ICU.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/apiMessages';
import { autopayTexts } from '../../src/domain/autopayTexts';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { LOCALES, readIn } from '../../src/domain/locale';
import { messages } from '../../src/domain/messages';
import * as publicPages from '../../src/domain/publicPageTexts';
import { privacyTexts } from '../../src/domain/privacyTexts';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { taxTexts } from '../../src/domain/taxTexts';
import { declaredArities, declaredTextIds } from '../../src/domain/texts';

const MODULES = [
  'messages',
  'dashboardTexts',
  'studentsTexts',
  'publicPageTexts',
  'apiMessages',
  'autopayTexts',
  'taxTexts',
  'privacyTexts',
];

async function compiled(locale: string): Promise<Messages> {
  const all: Messages = {};
  for (const name of MODULES) {
    Object.assign(all, (await import(`../../src/locales/${locale}/${name}.ts`)).messages);
  }
  return all;
}
const english = await compiled('en');
const hindi = await compiled('hi');

/** The code that may read texts: everything but the text modules themselves. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}
const textModules = /domain\/(messages|\w+Texts|apiMessages)\.ts$/;
const code = [...sources('src'), ...sources('machines')]
  .filter((file) => !textModules.test(file) && !file.includes('/locales/'))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

describe('the catalogs', () => {
  it('hold in English exactly the texts the code declares', () => {
    expect(Object.keys(english).sort()).toEqual([...declaredTextIds()].sort());
  });

  it('hold in Hindi exactly the texts English has', () => {
    expect(Object.keys(hindi).sort()).toEqual(Object.keys(english).sort());
  });

  it('have Hindi written in Hindi, not left in English', () => {
    const same = Object.keys(english).filter((id) => {
      const en = JSON.stringify(english[id]);
      return /[a-z]{3,} [a-z]{3,}/.test(en) && en === JSON.stringify(hindi[id]);
    });
    expect(same).toEqual([]);
  });

  it('have no text that no code reads', () => {
    const unread = declaredTextIds().filter((id) => {
      const parts = id.split('.').filter((part) => !/^\d+$/.test(part));
      const key = parts.at(-1)!;
      const parent = parts.at(-2)!;
      // Read by name (`m.resendIn`), or as one of a record read by a value (`labels[status]`).
      return !(new RegExp(`\\.${key}\\b`).test(code) || new RegExp(`\\b${parent}\\[`).test(code));
    });
    expect(unread).toEqual([]);
  });

  it('give every message, in both languages, only values its text passes', () => {
    const modules: Record<string, unknown> = {
      messages,
      dashboardTexts,
      studentsTexts,
      apiMessages,
      autopayTexts,
      taxTexts,
      privacyTexts,
      ...publicPages,
    };
    const facts = {
      merchant: 'M',
      product: 'P',
      supportEmail: 'e@x.in',
      phone: '9',
      retentionYears: 8,
      privacyContact: 'p@x.in',
    };
    const said = [...declaredArities()].flatMap(([id, arity]) => {
      type Node = Record<string, unknown> & ((...args: unknown[]) => unknown);
      // A key may hold dots itself (an audit action: 'student.history.read'): take the longest.
      const parts = id.split('.');
      let text = modules as Node;
      for (let at = 0; at < parts.length;) {
        let end = parts.length;
        while (end > at + 1 && !(parts.slice(at, end).join('.') in text)) end--;
        text = text[parts.slice(at, end).join('.')] as Node;
        at = end;
      }
      const args = arity === 'facts' ? [facts] : Array.from({ length: arity }, () => 7);
      // A value the message names but is not given throws (texts.ts); a gap would be silent.
      return LOCALES.map((locale) => readIn(locale, () => text(...args) as unknown));
    });
    expect(said.length).toBeGreaterThan(250);
    expect(
      said.every((words) => (typeof words === 'string' ? words !== '' : Array.isArray(words))),
    ).toBe(true);
  });

  it('pick plural forms by CLDR through ICU', () => {
    expect([0, 1, 2].map((n) => studentsTexts.import.ready(n))).toEqual([
      '0 students are ready to add.',
      '1 student is ready to add.',
      '2 students are ready to add.',
    ]);
    // Hindi's 'one' is 0 and 1: 'है' for them, 'हैं' from 2.
    expect(readIn('hi', () => [0, 1, 2].map((n) => studentsTexts.import.ready(n)))).toEqual([
      '0 छात्र जोड़ने के लिए तैयार है।',
      '1 छात्र जोड़ने के लिए तैयार है।',
      '2 छात्र जोड़ने के लिए तैयार हैं।',
    ]);
  });
});
