import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  RESERVED_USERNAMES,
  isReservedUsername,
  isValidUsernameShape,
  nextAvailableUsername,
  slugifyName,
  usernameCandidates,
} from '../../src/domain/usernames';

describe('D18 slugifyName', () => {
  it.each([
    ['Asha', 'Verma', 'asha-verma'],
    ['  Asha ', ' Verma  ', 'asha-verma'],
    ['José', 'Núñez', 'jose-nunez'],
    ['Mary-Jane', "O'Brien", 'mary-jane-obrien'],
    ['A.', 'K.  Singh', 'a-k-singh'],
    ['Asha', '--Verma--', 'asha-verma'],
    ['Ｒａｍ', 'Ｋｕｍａｒ', 'ram-kumar'], // full-width letters fold (NFKD)
    ['आशा', 'वर्मा', ''],
    ['आशा', 'Verma', 'verma'],
    ['R2', 'D2', 'r2-d2'],
  ])('%j %j → %j', (first, last, slug) => {
    expect(slugifyName(first, last)).toBe(slug);
  });

  it('caps the base at 40 characters without a trailing dash', () => {
    const slug = slugifyName('a'.repeat(39), 'bbbb');
    expect(slug).toBe('a'.repeat(39));
    expect(slugifyName('x'.repeat(60), 'y').length).toBe(40);
  });

  it('property: every name gets a username of a valid shape', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (first, last) => {
        const username = nextAvailableUsername(slugifyName(first, last), new Set());
        expect(isValidUsernameShape(username)).toBe(true);
      }),
    );
  });

  it('a one-letter name (tutor "A") gets a username the contract accepts', () => {
    expect(nextAvailableUsername(slugifyName('A', ''), new Set())).toBe('a-2');
  });
});

describe('D18 reserved words', () => {
  it.each([
    'tutor',
    'tutors',
    'student',
    'pay',
    'pay-tuition-fees',
    'static-link',
    'payment-link',
    'payment-successful',
    'page-not-found',
    'why-choose-us',
    'testimonials',
    'contact',
    'api',
    'sandbox',
    'admin',
    'login',
    'assets',
    'static',
    'index.html',
    'favicon.ico',
    'robots.txt',
    'privacy-policy',
    'terms-of-use',
  ])('%s is reserved', (word) => {
    expect(isReservedUsername(word)).toBe(true);
  });

  it('is case-insensitive and ignores surrounding spaces', () => {
    expect(isReservedUsername('Tutor')).toBe(true);
    expect(isReservedUsername(' API ')).toBe(true);
    expect(isReservedUsername('asha-verma')).toBe(false);
  });

  it('the list is lower case', () => {
    for (const word of RESERVED_USERNAMES) expect(word).toBe(word.toLowerCase());
  });
});

describe('D18 nextAvailableUsername', () => {
  it("'asha-verma', then 'asha-verma-2', 'asha-verma-3'", () => {
    const taken = new Set<string>();
    for (const expected of ['asha-verma', 'asha-verma-2', 'asha-verma-3']) {
      const u = nextAvailableUsername('asha-verma', taken);
      expect(u).toBe(expected);
      taken.add(u);
    }
  });

  it('takes a predicate too', () => {
    expect(nextAvailableUsername('asha-verma', (u) => u === 'asha-verma')).toBe('asha-verma-2');
  });

  it('fills the first gap', () => {
    expect(nextAvailableUsername('asha', new Set(['asha', 'asha-3']))).toBe('asha-2');
  });

  it('a reserved slug gets a suffix', () => {
    expect(nextAvailableUsername('contact', new Set())).toBe('contact-2');
    expect(nextAvailableUsername('api', new Set(['api-2']))).toBe('api-3');
  });

  it("an empty slug (non-Latin name) falls back to 'tutor-2', 'tutor-3'", () => {
    expect(nextAvailableUsername('', new Set())).toBe('tutor-2');
    expect(nextAvailableUsername(slugifyName('आशा', 'वर्मा'), new Set(['tutor-2']))).toBe('tutor-3');
  });

  it('usernameCandidates serves async stores in order', () => {
    const it3 = usernameCandidates('asha');
    expect([it3.next().value, it3.next().value, it3.next().value]).toEqual([
      'asha',
      'asha-2',
      'asha-3',
    ]);
  });

  it('throws rather than loop forever when everything is taken', () => {
    expect(() => nextAvailableUsername('x', () => true)).toThrow(RangeError);
  });

  it('never returns a reserved word (property)', () => {
    const words = [...RESERVED_USERNAMES];
    fc.assert(
      fc.property(fc.constantFrom(...words), (word) => {
        expect(isReservedUsername(nextAvailableUsername(word, new Set()))).toBe(false);
      }),
    );
  });
});
