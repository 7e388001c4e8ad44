// Instants are explicit UTC ('...Z'), so results cannot depend on the runtime's zone (D21).
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { bookingWindow, nextFullIstHour } from '../../src/domain/schedule';
import { istParts } from '../../src/domain/time';

const HOUR = 3_600_000;

describe('D20 bookingWindow: next full IST hour + 1 h to + 2 h', () => {
  it("is a 'Maths session' (subject and title)", () => {
    const w = bookingWindow(new Date('2025-01-15T04:50:00Z'));
    expect(w.subject).toBe('Maths session');
    expect(w.title).toBe('Maths session');
  });

  it('booked at 10:20 IST: 12:00 to 13:00 IST (06:30-07:30 UTC)', () => {
    const w = bookingWindow(new Date('2025-01-15T04:50:00Z'));
    expect(w.starttime.toISOString()).toBe('2025-01-15T06:30:00.000Z');
    expect(w.endtime.toISOString()).toBe('2025-01-15T07:30:00.000Z');
  });

  it('booked exactly at 10:00 IST: the next full hour is 11:00, so 12:00 to 13:00', () => {
    const w = bookingWindow(new Date('2025-01-15T04:30:00Z'));
    expect(w.starttime.toISOString()).toBe('2025-01-15T06:30:00.000Z');
  });

  it('booked at 10:59:59 IST: 12:00 to 13:00', () => {
    const w = bookingWindow(new Date('2025-01-15T05:29:59Z'));
    expect(w.starttime.toISOString()).toBe('2025-01-15T06:30:00.000Z');
  });

  it('hour boundaries are IST ones (xx:30 UTC), not UTC ones', () => {
    // 04:10 UTC is 09:40 IST: next IST hour 10:00 (04:30 UTC), start 11:00 IST.
    const w = bookingWindow(new Date('2025-01-15T04:10:00Z'));
    expect(w.starttime.toISOString()).toBe('2025-01-15T05:30:00.000Z');
  });

  it('late evening rolls into the next IST day: 23:30 IST → 01:00 to 02:00', () => {
    const w = bookingWindow(new Date('2025-01-15T18:00:00Z'));
    const s = istParts(w.starttime);
    expect([s.day, s.hour, s.minute]).toEqual([16, 1, 0]);
    expect(istParts(w.endtime).hour).toBe(2);
  });

  it('nextFullIstHour throws on an invalid date', () => {
    expect(() => nextFullIstHour(new Date('x'))).toThrow(RangeError);
  });

  it('property: starts on an IST hour, more than 1 h and at most 2 h ahead, lasts 1 h', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 0, 1) }), (ms) => {
        const w = bookingWindow(new Date(ms));
        const s = istParts(w.starttime);
        expect([s.minute, s.second, s.millisecond]).toEqual([0, 0, 0]);
        const lead = w.starttime.getTime() - ms;
        expect(lead).toBeGreaterThan(HOUR);
        expect(lead).toBeLessThanOrEqual(2 * HOUR);
        expect(w.endtime.getTime() - w.starttime.getTime()).toBe(HOUR);
      }),
    );
  });
});
