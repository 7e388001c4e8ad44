// Instants are explicit UTC ('...Z'), so results cannot depend on the runtime's zone (D21).
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { nextSettlement } from '../../src/domain/settlement';
import { formatIstTime, istDateKey, istParts } from '../../src/domain/time';
import { formatIstDate } from '../../src/domain/istDate';

const at = (iso: string, holidays: string[] = []): string =>
  nextSettlement(new Date(iso), holidays).toISOString();

describe('D5 nextSettlement: next weekday after the IST payment day, 17:00 IST', () => {
  it('Thursday payment → Friday 17:00 IST (11:30 UTC)', () => {
    expect(at('2025-01-09T06:00:00Z')).toBe('2025-01-10T11:30:00.000Z');
  });

  it('Friday payment → Monday', () => {
    expect(at('2025-01-10T06:00:00Z')).toBe('2025-01-13T11:30:00.000Z');
  });

  it('Saturday and Sunday payments → Monday', () => {
    expect(at('2025-01-11T06:00:00Z')).toBe('2025-01-13T11:30:00.000Z');
    expect(at('2025-01-12T06:00:00Z')).toBe('2025-01-13T11:30:00.000Z');
  });

  it('Friday before a Monday holiday → Tuesday', () => {
    expect(at('2025-01-10T06:00:00Z', ['2025-01-13'])).toBe('2025-01-14T11:30:00.000Z');
  });

  it('consecutive holidays are all skipped', () => {
    expect(at('2025-01-10T06:00:00Z', ['2025-01-13', '2025-01-14', '2025-01-15'])).toBe(
      '2025-01-16T11:30:00.000Z',
    );
  });

  it('23:50 UTC Thursday is already Friday 05:20 in IST → Monday', () => {
    expect(at('2025-01-09T23:50:00Z')).toBe('2025-01-13T11:30:00.000Z');
  });

  it('18:29 UTC Thursday is still Thursday 23:59 IST → Friday', () => {
    expect(at('2025-01-09T18:29:00Z')).toBe('2025-01-10T11:30:00.000Z');
  });

  it('a Monday payment after 17:00 IST still settles Tuesday (the day after, not the same day)', () => {
    expect(at('2025-01-13T12:00:00Z')).toBe('2025-01-14T11:30:00.000Z');
  });

  it('year end: Wednesday 31 Dec → Thursday 1 Jan; with 1 Jan a holiday → Friday 2 Jan', () => {
    expect(at('2025-12-31T06:00:00Z')).toBe('2026-01-01T11:30:00.000Z');
    expect(at('2025-12-31T06:00:00Z', ['2026-01-01'])).toBe('2026-01-02T11:30:00.000Z');
  });

  it('year end on a Friday: 31 Dec 2027 → Monday 3 Jan 2028', () => {
    expect(at('2027-12-31T06:00:00Z')).toBe('2028-01-03T11:30:00.000Z');
  });

  it('leap day: Wednesday 28 Feb 2024 → Thursday 29 Feb', () => {
    expect(at('2024-02-28T06:00:00Z')).toBe('2024-02-29T11:30:00.000Z');
  });

  it('a holiday on a weekend changes nothing; malformed entries never match', () => {
    expect(at('2025-01-10T06:00:00Z', ['2025-01-11', '13-01-2025', 'x'])).toBe(
      '2025-01-13T11:30:00.000Z',
    );
  });

  it('shows as a date and time, never the hard-coded 9th October', () => {
    const s = nextSettlement(new Date('2025-01-10T06:00:00Z'), []);
    expect(formatIstDate(s)).toBe('13th January');
    expect(formatIstTime(s)).toBe('5:00 pm');
  });

  it('accepts any iterable of holidays (e.g. a Set)', () => {
    expect(
      nextSettlement(new Date('2025-01-10T06:00:00Z'), new Set(['2025-01-13'])).toISOString(),
    ).toBe('2025-01-14T11:30:00.000Z');
  });

  it('throws when the holiday list leaves no working day for a year', () => {
    const all: string[] = [];
    for (
      let d = new Date('2025-01-01T00:00:00Z');
      all.length < 800;
      d = new Date(d.getTime() + 86_400_000)
    ) {
      all.push(d.toISOString().slice(0, 10));
    }
    expect(() => nextSettlement(new Date('2025-01-10T06:00:00Z'), all)).toThrow(RangeError);
  });

  it('property: a later weekday at 17:00 IST, not a holiday, with no working day skipped', () => {
    const day = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 0, 1) });
    fc.assert(
      fc.property(day, fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 4 }), (ms, gaps) => {
        const paidAt = new Date(ms);
        const paidKey = istDateKey(paidAt);
        // holidays: some of the following days
        const holidays = gaps.map((g) => istDateKey(new Date(ms + g * 86_400_000)));
        const s = nextSettlement(paidAt, holidays);
        const p = istParts(s);
        expect([p.hour, p.minute, p.second]).toEqual([17, 0, 0]);
        expect(p.weekday).not.toBe(0);
        expect(p.weekday).not.toBe(6);
        expect(holidays).not.toContain(istDateKey(s));
        expect(istDateKey(s) > paidKey).toBe(true);
        // every day strictly between was a weekend or a holiday
        for (let t = s.getTime() - 86_400_000; istDateKey(new Date(t)) > paidKey; t -= 86_400_000) {
          const q = istParts(new Date(t));
          const closed =
            q.weekday === 0 || q.weekday === 6 || holidays.includes(istDateKey(new Date(t)));
          expect(closed).toBe(true);
        }
      }),
    );
  });
});
