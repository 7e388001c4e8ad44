// The linkCreate machine and its form rules (D11 amount, spec §5 phone, D19 expiry).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  expiryBounds,
  linkFormErrors,
  linkRequest,
  sanitizeField,
} from '../../machines/linkCreate/linkForm';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import {
  CREATED_LINK,
  KYC_REFUSAL,
  TODAY,
  linkCreateWorld,
  provideLinkCreate,
} from './linkCreate.model';
import { flush, http } from './loginFakes';

const t = dashboardTexts.tutor.links;
const valid = { amount: '3000', purpose: 'January maths tuition', phone: '', expiry: '2025-02-14' };

function start() {
  const world = linkCreateWorld();
  const actor = createActor(provideLinkCreate(world), { input: { today: TODAY } }).start();
  const fill = (form: Partial<typeof valid>) => {
    for (const [field, value] of Object.entries(form)) {
      actor.send({ type: 'field.change', field: field as keyof typeof valid, value });
    }
  };
  return { world, actor, fill, snap: () => actor.getSnapshot() };
}

describe('link form rules', () => {
  it('fields keep digits for amount and phone, the phone without +91', () => {
    expect(sanitizeField('amount', '₹3,000')).toBe('3000');
    expect(sanitizeField('phone', '+91 98765 43210')).toBe('9876543210');
    expect(sanitizeField('purpose', 'x'.repeat(200))).toHaveLength(120);
  });

  it('amount ₹1 to ₹50,000, purpose required, phone optional but valid, expiry in range', () => {
    expect(linkFormErrors(valid, TODAY)).toEqual({});
    expect(linkFormErrors({ ...valid, amount: '' }, TODAY).amount).toBe('Enter an amount');
    expect(linkFormErrors({ ...valid, amount: '0' }, TODAY).amount).toBe(
      'The amount must be at least ₹1',
    );
    expect(linkFormErrors({ ...valid, amount: '50001' }, TODAY).amount).toBe(
      'The amount can be at most ₹50,000',
    );
    expect(linkFormErrors({ ...valid, amount: '50000' }, TODAY)).toEqual({});
    expect(linkFormErrors({ ...valid, purpose: '   ' }, TODAY).purpose).toBe(t.purposeRequired);
    expect(linkFormErrors({ ...valid, phone: '5876543210' }, TODAY).phone).toBe(t.phoneInvalid);
    const { min, max } = expiryBounds(TODAY);
    expect([min, max]).toEqual(['2025-01-15', '2025-07-13']);
    expect(linkFormErrors({ ...valid, expiry: max }, TODAY)).toEqual({});
    expect(linkFormErrors({ ...valid, expiry: '2025-07-14' }, TODAY).expiry).toBe(
      t.expiryRange(max),
    );
    expect(linkFormErrors({ ...valid, expiry: '2025-01-14' }, TODAY).expiry).toBeDefined();
    expect(linkFormErrors({ ...valid, expiry: '' }, TODAY).expiry).toBeDefined();
  });

  it('the request: paise, trimmed purpose, the end of the IST day, phone only when given', () => {
    expect(linkRequest({ ...valid, purpose: ' Maths ' })).toEqual({
      amount: 300_000,
      purpose: 'Maths',
      expires_at: '2025-02-14T23:59:59+05:30',
    });
    expect(linkRequest({ ...valid, phone: '9876543210' }).student_phone).toBe('9876543210');
  });
});

describe('linkCreate machine', () => {
  it('starts empty with the expiry 30 days on (D19)', () => {
    expect(start().snap().context.form).toEqual({
      amount: '',
      purpose: '',
      phone: '',
      expiry: '2025-02-14',
    });
  });

  it('an invalid form shows its messages and is not sent', () => {
    const t1 = start();
    t1.actor.send({ type: 'link.submit' });
    expect(t1.snap().value).toBe('editing');
    expect(t1.snap().context.showErrors).toBe(true);
    expect(t1.world.create.calls).toHaveLength(0);
  });

  it('creates the link, then another starts from an empty form', async () => {
    const t1 = start();
    t1.fill({ amount: '500', purpose: 'Trial class' });
    t1.actor.send({ type: 'link.submit' });
    expect(t1.snap().hasTag('loading')).toBe(true);
    t1.world.create.last().resolve(CREATED_LINK);
    await flush();
    expect(t1.snap().value).toBe('created');
    expect(t1.snap().context.link).toEqual(CREATED_LINK);
    expect(t1.world.created).toBe(1);
    t1.actor.send({ type: 'link.another' });
    expect(t1.snap().value).toBe('editing');
    expect(t1.snap().context.form.amount).toBe('');
  });

  it("a refusal shows the server's message; editing clears it; a 401 ends the machine", async () => {
    const t1 = start();
    t1.fill({ amount: '500', purpose: 'Trial class' });
    t1.actor.send({ type: 'link.submit' });
    t1.world.create.last().reject(http(403, KYC_REFUSAL));
    await flush();
    expect(t1.snap().value).toBe('failed');
    expect(t1.snap().context.error).toBe(KYC_REFUSAL);
    t1.actor.send({ type: 'field.change', field: 'purpose', value: 'Trial' });
    expect(t1.snap().value).toBe('editing');
    expect(t1.snap().context.error).toBeNull();
    t1.actor.send({ type: 'link.submit' });
    t1.world.create.last().reject(http(401));
    await flush();
    expect(t1.snap().value).toBe('unauthorized');
    expect(t1.snap().status).toBe('done');
  });
});
