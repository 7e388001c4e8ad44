// D21: the IST helpers give the same answers whatever the runtime's zone. Inputs are explicit
// UTC instants; on top of that we switch process.env.TZ (Node applies it at once) to zones on
// both sides of the date line and assert identical output.
import { describe, it, expect, afterAll } from 'vitest';
import { bookingWindow } from '../../src/domain/schedule';
import { nextSettlement } from '../../src/domain/settlement';
import { formatIstDate } from '../../src/domain/istDate';
import {
  formatIstTime,
  fromIst,
  istDateKey,
  istParts,
  toIstIsoString,
} from '../../src/domain/time';

const originalTz = process.env.TZ;
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const ZONES = [
  'UTC',
  'Asia/Kolkata',
  'America/Los_Angeles',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Europe/London',
];

const INSTANTS = [
  '2025-01-09T23:50:00Z', // Thursday night UTC, Friday morning IST
  '2025-03-09T10:00:00Z', // US DST starts that day
  '2025-10-26T01:30:00Z', // EU DST ends that day
  '2025-12-31T18:30:00Z', // IST new year
  '2024-02-29T12:00:00Z',
].map((iso) => new Date(iso));

function everything(): unknown {
  return INSTANTS.map((d) => ({
    parts: istParts(d),
    key: istDateKey(d),
    iso: toIstIsoString(d),
    date: formatIstDate(d, { withYear: true }),
    time: formatIstTime(d),
    settlement: nextSettlement(d, ['2025-01-13']).toISOString(),
    booking: {
      start: bookingWindow(d).starttime.toISOString(),
      end: bookingWindow(d).endtime.toISOString(),
    },
    fromIst: fromIst(2025, 3, 9, 17, 0).toISOString(),
  }));
}

describe('D21 results do not depend on process.env.TZ', () => {
  it('switching TZ really changes the local zone (so this test means something)', () => {
    process.env.TZ = 'UTC';
    const utcOffset = new Date(Date.UTC(2025, 0, 1)).getTimezoneOffset();
    process.env.TZ = 'America/Los_Angeles';
    const laOffset = new Date(Date.UTC(2025, 0, 1)).getTimezoneOffset();
    expect(utcOffset).toBe(0);
    expect(laOffset).toBe(480);
  });

  it('every IST helper gives identical output in every zone', () => {
    process.env.TZ = 'Asia/Kolkata';
    const reference = everything();
    for (const zone of ZONES) {
      process.env.TZ = zone;
      expect({ zone, result: everything() }).toEqual({ zone, result: reference });
    }
  });

  it('and the reference values are the IST ones', () => {
    process.env.TZ = 'America/Los_Angeles';
    const friday = INSTANTS[0]!;
    expect(istDateKey(friday)).toBe('2025-01-10');
    expect(formatIstTime(friday)).toBe('5:20 am');
    // Friday payment, Monday 13th is a holiday → Tuesday 14th 17:00 IST.
    expect(nextSettlement(friday, ['2025-01-13']).toISOString()).toBe('2025-01-14T11:30:00.000Z');
  });
});
