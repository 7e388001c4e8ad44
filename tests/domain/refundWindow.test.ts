// The refund window (spec §2 terms, D75): 24 hours after payment or settlement (D5), whichever
// comes first. Instants are explicit UTC; IST is UTC+05:30.
import { describe, expect, it } from 'vitest';
import { refundDeadline, refundWindowVerdict } from '../../src/domain/refundWindow';

const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);

describe('refund window', () => {
  // Wednesday 15 January 2025, 10:00 IST: settles Thursday 17:00 IST, 31 hours later.
  const morning = at('2025-01-15T04:30:00Z');
  // Wednesday 23:30 IST: settles Thursday 17:00 IST, 17.5 hours later.
  const night = at('2025-01-15T18:00:00Z');

  it('closes 24 hours after a morning payment', () => {
    expect(refundDeadline(morning).toISOString()).toBe('2025-01-16T04:30:00.000Z');
    const justBefore = new Date(morning.getTime() + 24 * 60 * MINUTE - MINUTE);
    expect(refundWindowVerdict(morning, justBefore)).toEqual({ ok: true });
    const justAfter = new Date(morning.getTime() + 24 * 60 * MINUTE + MINUTE);
    expect(refundWindowVerdict(morning, justAfter)).toEqual({ ok: false, reason: 'expired' });
  });

  it('closes at settlement when that comes first', () => {
    expect(refundDeadline(night).toISOString()).toBe('2025-01-16T11:30:00.000Z');
    expect(refundWindowVerdict(night, at('2025-01-16T11:29:00Z'))).toEqual({ ok: true });
    expect(refundWindowVerdict(night, at('2025-01-16T11:30:00Z'))).toEqual({
      ok: false,
      reason: 'settled',
    });
  });

  it('moves with settlement holidays: 24 hours rule when the next day is a holiday', () => {
    // Thursday 16 January 23:30 IST settles Friday 17:00 IST, unless Friday is a holiday.
    const thursday = at('2025-01-16T18:00:00Z');
    expect(refundDeadline(thursday).toISOString()).toBe('2025-01-17T11:30:00.000Z');
    expect(refundDeadline(thursday, ['2025-01-17']).toISOString()).toBe('2025-01-17T18:00:00.000Z');
  });
});
