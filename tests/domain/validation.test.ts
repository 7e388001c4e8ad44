import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseRupeeInput } from '../../src/domain/money';
import {
  accountNumberInput,
  accountNumberSchema,
  amountError,
  amountInput,
  amountInputSchema,
  amountPaiseSchema,
  bankAccountSchema,
  fieldErrors,
  firstNameSchema,
  ifscInput,
  ifscSchema,
  isValidPhone,
  lastNameSchema,
  namesSchema,
  otpFormSchema,
  otpInput,
  otpSchema,
  panInput,
  panSchema,
  paymentDetailsSchema,
  personalDetailsSchema,
  phoneError,
  phoneInput,
  phoneSchema,
  rupeesSchema,
  tutorLoginSchema,
  usernameSchema,
} from '../../src/domain/validation';

/** The first message zod gives, or null when the value passes. */
function messageOf(
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } };
  },
  value: unknown,
): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error?.issues[0]?.message ?? '?');
}

describe('spec §5 phone', () => {
  it.each(['9876543210', '6000000000', '7123456789', '8999999999'])('%s is valid', (v) => {
    expect(messageOf(phoneSchema, v)).toBeNull();
    expect(isValidPhone(v)).toBe(true);
  });

  it.each([
    '5876543210',
    '0876543210',
    '987654321',
    '98765432101',
    '98765 4321',
    '',
    '+919876543210',
  ])("%s gives 'Enter valid phone number'", (v) => {
    expect(messageOf(phoneSchema, v)).toBe('Enter valid phone number');
    expect(isValidPhone(v)).toBe(false);
  });

  it('a non-string gives the same message', () => {
    expect(messageOf(phoneSchema, 9876543210)).toBe('Enter valid phone number');
  });

  it('phoneInput keeps digits only, truncated at 10', () => {
    expect(phoneInput('98765abc43210')).toBe('9876543210');
    expect(phoneInput('98765432109999')).toBe('9876543210');
    expect(phoneInput('98-76')).toBe('9876');
    expect(phoneInput('')).toBe('');
  });

  it('phoneInput drops a pasted +91, 91 or 0 prefix (decision: users paste full numbers)', () => {
    expect(phoneInput('+91 98765 43210')).toBe('9876543210');
    expect(phoneInput('+919876543210')).toBe('9876543210');
    expect(phoneInput('919876543210')).toBe('9876543210');
    expect(phoneInput('09876543210')).toBe('9876543210');
    // a real number that starts with 91 is kept
    expect(phoneInput('9198765432')).toBe('9198765432');
  });

  it("phoneError shows 'Enter valid phone number' only once 10 digits are entered but invalid", () => {
    expect(phoneError('')).toBeNull();
    expect(phoneError('5')).toBeNull();
    expect(phoneError('587654321')).toBeNull();
    expect(phoneError('5876543210')).toBe('Enter valid phone number');
    expect(phoneError('0000000000')).toBe('Enter valid phone number');
    expect(phoneError('9876543210')).toBeNull();
  });

  it('property: sanitized input is at most 10 digits', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect(phoneInput(raw)).toMatch(/^\d{0,10}$/);
      }),
    );
  });
});

describe('spec §5 / D11 amount', () => {
  it('amountInput: digits only, no leading zeros, at most 9 digits', () => {
    expect(amountInput('5,000')).toBe('5000');
    expect(amountInput('₹ 50.50')).toBe('5050');
    expect(amountInput('abc')).toBe('');
    expect(amountInput('')).toBe('');
    expect(amountInput('0')).toBe('0');
    expect(amountInput('000')).toBe('0');
    expect(amountInput('0500')).toBe('500');
    expect(amountInput('1234567890123')).toBe('123456789');
  });

  it('amountInput and parseRupeeInput agree (property)', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const text = amountInput(raw);
        expect(parseRupeeInput(raw)).toBe(text === '' ? null : Number(text) * 100);
      }),
    );
  });

  it('D11 amountError: required, at least ₹1, at most ₹50,000, whole rupees', () => {
    expect(amountError(null)).toBe('Enter an amount');
    expect(amountError(0)).toBe('The amount must be at least ₹1');
    expect(amountError(100)).toBeNull();
    expect(amountError(5_000_000)).toBeNull();
    expect(amountError(5_000_100)).toBe('The amount can be at most ₹50,000');
    expect(amountError(150)).toBe('Enter the amount in whole rupees');
  });

  it.each([
    ['', 'Enter an amount'],
    ['abc', 'Enter an amount'],
    ['0', 'The amount must be at least ₹1'],
    ['50001', 'The amount can be at most ₹50,000'],
  ])('D11 amountInputSchema %j gives %s', (text, message) => {
    expect(messageOf(amountInputSchema, text)).toBe(message);
  });

  it('the longest amount the field keeps is still told it is too large, in exact paise', () => {
    const longest = amountInput('9'.repeat(20));
    expect(messageOf(amountInputSchema, longest)).toBe('The amount can be at most ₹50,000');
    expect(Number.isSafeInteger(parseRupeeInput(longest))).toBe(true);
  });

  it('D11 amountInputSchema parses ₹1, ₹5,000 and ₹50,000 to paise', () => {
    expect(amountInputSchema.parse('1')).toBe(100);
    expect(amountInputSchema.parse('5,000')).toBe(500000);
    expect(amountInputSchema.parse('50000')).toBe(5000000);
  });

  it('D11 amountPaiseSchema (server side, paise)', () => {
    expect(messageOf(amountPaiseSchema, 100)).toBeNull();
    expect(messageOf(amountPaiseSchema, 5_000_000)).toBeNull();
    expect(messageOf(amountPaiseSchema, 99)).not.toBeNull();
    expect(messageOf(amountPaiseSchema, 0)).toBe('The amount must be at least ₹1');
    expect(messageOf(amountPaiseSchema, 5_000_100)).toBe('The amount can be at most ₹50,000');
    expect(messageOf(amountPaiseSchema, 150)).toBe('Enter the amount in whole rupees');
    expect(messageOf(amountPaiseSchema, 100.5)).toBe('Enter the amount in whole rupees');
    expect(messageOf(amountPaiseSchema, '100')).toBe('Enter an amount');
  });

  it('D9 rupeesSchema: API rupee numbers to paise, at most 2 decimals', () => {
    expect(rupeesSchema.parse(5059.71)).toBe(505971);
    expect(rupeesSchema.parse(0.29)).toBe(29);
    expect(messageOf(rupeesSchema, 1.005)).toBe('An amount can have at most 2 decimal places');
    expect(messageOf(rupeesSchema, '5')).toBe('Enter an amount');
  });
});

describe('spec §5 PAN', () => {
  it.each(['ABCPE1234F', 'ZZZPZ0000Z'])('%s is valid', (v) => {
    expect(messageOf(panSchema, v)).toBeNull();
  });

  it.each(['ABCDE1234F', 'abcpe1234f', 'ABCPE1234', 'ABCPE12345', 'AB1PE1234F', 'ABCPE1234FF', ''])(
    "%s gives 'Enter valid PAN' (4th letter must be P)",
    (v) => {
      expect(messageOf(panSchema, v)).toBe('Enter valid PAN');
    },
  );

  it('panInput upper-cases, keeps letters and digits, max 10', () => {
    expect(panInput('abcpe1234f')).toBe('ABCPE1234F');
    expect(panInput('ab c-pe 12/34 f')).toBe('ABCPE1234F');
    expect(panInput('ABCPE1234FXYZ')).toBe('ABCPE1234F');
  });
});

describe('spec §5 first and last name', () => {
  it('required, trimmed', () => {
    expect(messageOf(firstNameSchema, '')).toBe('First name is required');
    expect(messageOf(firstNameSchema, '   ')).toBe('First name is required');
    expect(messageOf(lastNameSchema, '')).toBe('Last name is required');
    expect(messageOf(firstNameSchema, undefined)).toBe('First name is required');
    expect(firstNameSchema.parse('  Asha ')).toBe('Asha');
  });

  it.each(['Asha', 'Mary-Jane', "O'Brien", 'A. K.', 'José', 'आशा'])('%s is accepted', (v) => {
    expect(messageOf(firstNameSchema, v)).toBeNull();
  });

  it.each(['Asha1', 'a@b', '...', "'-"])("%s is refused: letters, spaces and . ' - only", (v) => {
    expect(messageOf(firstNameSchema, v)).toBe("Use only letters, spaces and . ' -");
  });

  it('at most 50 characters after trimming', () => {
    expect(messageOf(lastNameSchema, 'a'.repeat(50))).toBeNull();
    expect(messageOf(lastNameSchema, ` ${'a'.repeat(50)} `)).toBeNull();
    expect(messageOf(lastNameSchema, 'a'.repeat(51))).toBe('Use at most 50 characters');
  });

  it('namesSchema and personalDetailsSchema', () => {
    expect(namesSchema.parse({ firstName: ' Asha', lastName: 'Verma ' })).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
    });
    const bad = personalDetailsSchema.safeParse({ firstName: '', lastName: 'V', pan: 'X' });
    expect(bad.success).toBe(false);
    expect(fieldErrors(bad.error!)).toEqual({
      firstName: 'First name is required',
      pan: 'Enter valid PAN',
    });
  });
});

describe('spec §5 account number and IFSC', () => {
  it('account number: 9 to 18 digits', () => {
    expect(messageOf(accountNumberSchema, '123456789')).toBeNull();
    expect(messageOf(accountNumberSchema, '1'.repeat(18))).toBeNull();
    expect(messageOf(accountNumberSchema, '12345678')).toBe(
      'Enter a valid account number (9 to 18 digits)',
    );
    expect(messageOf(accountNumberSchema, '1'.repeat(19))).not.toBeNull();
    expect(messageOf(accountNumberSchema, '12345678a')).not.toBeNull();
  });

  it('accountNumberInput: digits only, max 18', () => {
    expect(accountNumberInput('1234 5678 9012')).toBe('123456789012');
    expect(accountNumberInput('1'.repeat(25))).toBe('1'.repeat(18));
  });

  it("re-entry must match: 'Account numbers do not match' on the re-entry field", () => {
    const r = bankAccountSchema.safeParse({
      accountNumber: '123456789012',
      confirmAccountNumber: '123456789013',
      ifsc: 'HDFC0001234',
    });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({ confirmAccountNumber: 'Account numbers do not match' });
  });

  it('a matching pair with a valid IFSC passes', () => {
    const v = {
      accountNumber: '123456789012',
      confirmAccountNumber: '123456789012',
      ifsc: 'SBIN0ABC123',
    };
    expect(bankAccountSchema.parse(v)).toEqual(v);
  });

  it('shows the mismatch alongside a too-short number', () => {
    const r = bankAccountSchema.safeParse({
      accountNumber: '12',
      confirmAccountNumber: '13',
      ifsc: 'x',
    });
    expect(fieldErrors(r.error!)).toEqual({
      accountNumber: 'Enter a valid account number (9 to 18 digits)',
      confirmAccountNumber: 'Account numbers do not match',
      ifsc: 'Enter valid IFSC',
    });
  });

  it.each(['HDFC0001234', 'SBIN0ABC123', 'ABCD0000000'])('IFSC %s is valid', (v) => {
    expect(messageOf(ifscSchema, v)).toBeNull();
  });

  it.each([
    'HDFC1001234',
    'hdfc0001234',
    'HDF00001234',
    'HDFC000123',
    'HDFC00012345',
    'HDFC0-01234',
  ])("IFSC %s gives 'Enter valid IFSC'", (v) => {
    expect(messageOf(ifscSchema, v)).toBe('Enter valid IFSC');
  });

  it('ifscInput upper-cases, letters and digits only, max 11', () => {
    expect(ifscInput('hdfc0001234')).toBe('HDFC0001234');
    expect(ifscInput('hdfc 0001-234xyz')).toBe('HDFC0001234');
  });
});

describe('spec §5 / D12 OTP', () => {
  it('exactly OTP_LENGTH (4) digits', () => {
    expect(messageOf(otpSchema, '1234')).toBeNull();
    expect(messageOf(otpSchema, '0000')).toBeNull();
    expect(messageOf(otpSchema, '123')).toBe('Enter the 4-digit OTP');
    expect(messageOf(otpSchema, '12345')).toBe('Enter the 4-digit OTP');
    expect(messageOf(otpSchema, '12a4')).toBe('Enter the 4-digit OTP');
  });

  it('otpInput: digits only, max 4', () => {
    expect(otpInput('1 2-3x4 5')).toBe('1234');
    expect(otpInput('12')).toBe('12');
  });

  it('otpFormSchema needs a valid phone and a code', () => {
    expect(otpFormSchema.safeParse({ phone: '9876543210', otp: '1234' }).success).toBe(true);
  });
});

describe('spec §5 forms', () => {
  it('tutor login: valid phone and the terms checkbox ticked', () => {
    expect(tutorLoginSchema.safeParse({ phone: '9876543210', terms: true }).success).toBe(true);
    const r = tutorLoginSchema.safeParse({ phone: '5876543210', terms: false });
    expect(fieldErrors(r.error!)).toEqual({
      phone: 'Enter valid phone number',
      terms: 'Please agree to the terms to continue',
    });
  });

  it('payment details: amount text and tutor phone', () => {
    expect(paymentDetailsSchema.parse({ amount: '5000', phone: '9876543210' })).toEqual({
      amount: 500000,
      phone: '9876543210',
    });
    const r = paymentDetailsSchema.safeParse({ amount: '', phone: '98' });
    expect(fieldErrors(r.error!)).toEqual({
      amount: 'Enter an amount',
      phone: 'Enter valid phone number',
    });
  });
});

describe('D18 usernameSchema', () => {
  it.each(['asha-verma', 'asha-verma-2', 'r2-d2', 'tutor-3'])('%s is a username', (u) => {
    expect(messageOf(usernameSchema, u)).toBeNull();
  });

  it.each([
    '',
    'Asha',
    'asha--verma',
    '-asha',
    'asha-',
    'asha verma',
    'index.html',
    'a'.repeat(51),
  ])('%j is not', (u) => {
    expect(messageOf(usernameSchema, u)).toBe(
      'Use only lowercase letters, digits and single dashes',
    );
  });
});
