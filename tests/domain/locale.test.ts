// Issue 15: which language a reader gets.
import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, localeTag, pickLocale } from '../../src/domain/locale';

describe('choosing the language', () => {
  it.each([
    [['hi-IN', 'en-US'], 'hi'],
    [['HI'], 'hi'],
    [['en-GB', 'hi'], 'en'],
    [['ta-IN', 'hi-IN'], 'hi'],
    [['ta-IN', 'bn'], 'en'],
    [[], 'en'],
  ])('picks the first language we speak of %j: %s', (languages, locale) => {
    expect(pickLocale(languages)).toBe(locale);
  });

  it('reads Accept-Language best first, leaving out what q=0 refuses', () => {
    expect(acceptLanguageTags('en;q=0.5, hi-IN, ta;q=0.8')).toEqual(['hi-IN', 'ta', 'en']);
    expect(acceptLanguageTags('hi;q=0, en')).toEqual(['en']);
    expect(acceptLanguageTags(';;q=abc,,')).toEqual([]);
    expect(acceptLanguageTags(undefined)).toEqual([]);
  });

  it('tags Indian English and Hindi for Intl and <html lang>', () => {
    expect([localeTag('en'), localeTag('hi')]).toEqual(['en-IN', 'hi-IN']);
  });
});
