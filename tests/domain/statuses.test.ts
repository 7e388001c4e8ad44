import { describe, it, expect } from 'vitest';
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  isOrderStatus,
  isPaymentStatus,
  paymentOutcome,
  paymentOutcomeLabel,
} from '../../src/domain/statuses';

describe('gateway statuses', () => {
  // The lists themselves are the contract's (tests/domain/contract.test.ts).
  it('tell a status from anything else', () => {
    expect(isOrderStatus('PAID')).toBe(true);
    expect(isOrderStatus('paid')).toBe(false);
    expect(isPaymentStatus('PENDING')).toBe(true);
    expect(isPaymentStatus('DONE')).toBe(false);
  });
});

describe('spec §4 + D7 paymentOutcome', () => {
  it('PAID is sent, whatever the payment says', () => {
    for (const p of [...PAYMENT_STATUSES, null, undefined]) {
      expect(paymentOutcome('PAID', p)).toBe('sent');
    }
  });

  it('a SUCCESS payment is sent, whatever the order says', () => {
    for (const o of ORDER_STATUSES) expect(paymentOutcome(o, 'SUCCESS')).toBe('sent');
  });

  it.each([null, undefined, 'PENDING', 'NOT_ATTEMPTED'] as const)(
    'D7: ACTIVE with %s is processing (keep checking)',
    (p) => {
      expect(paymentOutcome('ACTIVE', p)).toBe('processing');
    },
  );

  it.each(['FAILED', 'USER_DROPPED', 'VOID', 'CANCELLED'] as const)(
    'ACTIVE with %s failed',
    (p) => {
      expect(paymentOutcome('ACTIVE', p)).toBe('failed');
    },
  );

  it.each(['EXPIRED', 'TERMINATED', 'TERMINATION_REQUESTED'] as const)(
    '%s without a SUCCESS payment failed, even while pending',
    (o) => {
      expect(paymentOutcome(o)).toBe('failed');
      expect(paymentOutcome(o, 'PENDING')).toBe('failed');
    },
  );

  it("labels: 'Sent', 'Processing', 'Failed to pay'", () => {
    expect(paymentOutcomeLabel('sent')).toBe('Sent');
    expect(paymentOutcomeLabel('processing')).toBe('Processing');
    expect(paymentOutcomeLabel('failed')).toBe('Failed to pay');
  });
});
