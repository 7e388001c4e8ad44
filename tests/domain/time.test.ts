// D21: every Date here is built from an explicit UTC instant ('...Z'), so the results cannot
// depend on the runtime's zone; timezone.test.ts additionally switches process.env.TZ.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  addIstDays,
  formatIstTime,
  fromIst,
  isIsoDate,
  istDateKey,
  istParts,
  toIstIsoString,
} from '../../src/domain/time';
import { formatIstDate, ordinal } from '../../src/domain/istDate';
import { readIn } from '../../src/domain/locale';

const utc = (iso: string): Date => new Date(iso);

describe('D21 istParts', () => {
  it('reads the IST wall clock of a UTC instant (+05:30)', () => {
    expect(istParts(utc('2025-10-09T11:30:00Z'))).toEqual({
      year: 2025,
      month: 10,
      day: 9,
      hour: 17,
      minute: 0,
      second: 0,
      millisecond: 0,
      weekday: 4, // Thursday
    });
  });

  it('18:30 UTC is already midnight of the next IST day', () => {
    const p = istParts(utc('2025-12-31T18:30:00Z'));
    expect([p.year, p.month, p.day, p.hour, p.minute]).toEqual([2026, 1, 1, 0, 0]);
    const q = istParts(utc('2025-12-31T18:29:59.999Z'));
    expect([q.year, q.month, q.day, q.hour, q.minute]).toEqual([2025, 12, 31, 23, 59]);
  });

  it('throws on an invalid date', () => {
    expect(() => istParts(new Date('nope'))).toThrow(RangeError);
  });
});

describe('D21 fromIst', () => {
  it('builds the instant of an IST wall-clock time (month 1-12)', () => {
    expect(fromIst(2025, 10, 9, 17, 0).toISOString()).toBe('2025-10-09T11:30:00.000Z');
    expect(fromIst(2026, 1, 1).toISOString()).toBe('2025-12-31T18:30:00.000Z');
  });

  it('rolls over out-of-range fields like Date.UTC (day 32, hour 24)', () => {
    expect(istDateKey(fromIst(2025, 1, 32))).toBe('2025-02-01');
    expect(istDateKey(fromIst(2025, 12, 31, 24))).toBe('2026-01-01');
  });

  it('keeps years below 100 literal', () => {
    expect(istParts(fromIst(50, 6, 1, 12)).year).toBe(50);
  });

  it('is the inverse of istParts to the minute (property, 1900-2099)', () => {
    const min = Date.UTC(1900, 0, 1);
    const max = Date.UTC(2099, 11, 31);
    fc.assert(
      fc.property(fc.integer({ min, max }), (ms) => {
        const date = new Date(Math.floor(ms / 60_000) * 60_000);
        const p = istParts(date);
        expect(fromIst(p.year, p.month, p.day, p.hour, p.minute).getTime()).toBe(date.getTime());
      }),
    );
  });
});

describe('D21 date keys and ISO strings', () => {
  it('istDateKey is the IST day', () => {
    expect(istDateKey(utc('2025-01-09T23:50:00Z'))).toBe('2025-01-10');
    expect(istDateKey(utc('2025-01-09T18:29:00Z'))).toBe('2025-01-09');
  });

  it('toIstIsoString writes the +05:30 offset', () => {
    expect(toIstIsoString(utc('2025-01-15T05:46:10Z'))).toBe('2025-01-15T11:16:10+05:30');
    expect(new Date(toIstIsoString(utc('2025-01-15T05:46:10Z'))).toISOString()).toBe(
      '2025-01-15T05:46:10.000Z',
    );
  });

  it.each([
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-04-31', false],
    ['2025-1-01', false],
    ['2025-01-01T00:00', false],
    ['1900-01-01', true],
    ['2099-12-31', true],
    ['', false],
  ])('isIsoDate(%s) is %s', (text, ok) => {
    expect(isIsoDate(text)).toBe(ok);
  });

  it('addIstDays crosses months, leap days and years', () => {
    expect(addIstDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addIstDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addIstDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addIstDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(() => addIstDays('2025-13-01', 1)).toThrow(RangeError);
  });
});

describe('D5/D21 formatIstDate (settlement summary style)', () => {
  it("writes '9th October'", () => {
    expect(formatIstDate(utc('2025-10-09T11:30:00Z'))).toBe('9th October');
  });

  it('uses the IST day, not the UTC day', () => {
    expect(formatIstDate(utc('2025-10-08T19:00:00Z'))).toBe('9th October');
  });

  it('can add the year', () => {
    expect(formatIstDate(utc('2025-10-09T11:30:00Z'), { withYear: true })).toBe('9th October 2025');
  });

  it('names every month as Intl does, in English and in Hindi, without an ordinal in Hindi', () => {
    for (let month = 0; month < 12; month += 1) {
      const date = utc(`2025-${String(month + 1).padStart(2, '0')}-15T06:00:00Z`);
      for (const [locale, tag] of [
        ['en', 'en-IN'],
        ['hi', 'hi-IN'],
      ] as const) {
        const name = new Intl.DateTimeFormat(tag, { month: 'long', timeZone: 'UTC' }).format(date);
        const day = locale === 'en' ? '15th' : '15';
        expect(readIn(locale, () => formatIstDate(date))).toBe(`${day} ${name}`);
      }
    }
  });

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [24, '24th'],
    [30, '30th'],
    [31, '31st'],
    [101, '101st'],
    [111, '111th'],
  ])('ordinal(%s) is %s', (n, text) => {
    expect(ordinal(n)).toBe(text);
  });

  it('names every month', () => {
    const names = Array.from({ length: 12 }, (_, i) => formatIstDate(fromIst(2025, i + 1, 1)));
    expect(names).toEqual([
      '1st January',
      '1st February',
      '1st March',
      '1st April',
      '1st May',
      '1st June',
      '1st July',
      '1st August',
      '1st September',
      '1st October',
      '1st November',
      '1st December',
    ]);
  });
});

describe('D5/D21 formatIstTime', () => {
  it.each([
    ['2025-10-09T11:30:00Z', '5:00 pm'],
    ['2025-10-09T06:30:00Z', '12:00 pm'],
    ['2025-10-08T19:00:00Z', '12:30 am'],
    ['2025-10-09T03:35:00Z', '9:05 am'],
    ['2025-10-09T18:29:00Z', '11:59 pm'],
    ['2025-10-09T05:30:00Z', '11:00 am'],
  ])('%s is %s IST', (iso, text) => {
    expect(formatIstTime(utc(iso))).toBe(text);
  });
});

describe("D240 formatIstClock: a time in the reader's words", () => {
  it.each([
    ['2025-01-15T05:54:00Z', '11:24 am', 'सुबह 11:24'],
    ['2025-01-15T11:30:00Z', '5:00 pm', 'शाम 5:00'],
    ['2025-01-15T07:30:00Z', '1:00 pm', 'दोपहर 1:00'],
    ['2025-01-15T15:30:00Z', '9:00 pm', 'रात 9:00'],
    ['2025-01-14T20:00:00Z', '1:30 am', 'रात 1:30'],
  ])('%s is %j in English and %j in Hindi', async (iso, en, hi) => {
    const { formatIstClock } = await import('../../src/domain/istDate');
    const { readIn } = await import('../../src/domain/locale');
    expect(readIn('en', () => formatIstClock(new Date(iso)))).toBe(en);
    expect(readIn('hi', () => formatIstClock(new Date(iso)))).toBe(hi);
  });
});
