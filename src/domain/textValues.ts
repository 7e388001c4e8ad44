// The fixed values a catalog's messages may name ('Enter the {otpLength}-digit OTP'), so a
// limit written in words follows its one constant (D12) in every language.
import {
  AMOUNT_MAX_PAISE,
  AMOUNT_MAX_TEXT,
  AMOUNT_MIN_PAISE,
  BATCH_MAX_LENGTH,
  DUE_DAY_MAX,
  FEE_PLAN_NAME_MAX_LENGTH,
  INSTALMENTS_MAX,
  INSTALMENTS_MIN,
  KYC_LIMIT_TEXT,
  NAME_MAX_LENGTH,
  OTP_LENGTH,
  PAYMENT_PROCESSOR,
  PHONE_LENGTH,
  PRODUCT_NAME,
  REFUND_WINDOW_HOURS,
  STUDENT_IMPORT_MAX_ROWS,
} from './constants';
import { groupIndian } from './indianDigits';
import { formatWholeINR } from './money';
import { REMINDER_DAY_RANGE, REMINDER_DAYS_MAX } from './reminders';

export const TEXT_VALUES: Readonly<Record<string, string | number>> = {
  otpLength: OTP_LENGTH,
  phoneLength: PHONE_LENGTH,
  nameMaxLength: NAME_MAX_LENGTH,
  amountMax: AMOUNT_MAX_TEXT,
  amountMinWhole: formatWholeINR(AMOUNT_MIN_PAISE),
  amountMaxWhole: formatWholeINR(AMOUNT_MAX_PAISE),
  kycLimit: KYC_LIMIT_TEXT,
  paymentProcessor: PAYMENT_PROCESSOR,
  productName: PRODUCT_NAME,
  refundWindowHours: REFUND_WINDOW_HOURS,
  planNameMaxLength: FEE_PLAN_NAME_MAX_LENGTH,
  dueDayMax: DUE_DAY_MAX,
  instalmentsMin: INSTALMENTS_MIN,
  instalmentsMax: INSTALMENTS_MAX,
  reminderDaysMax: REMINDER_DAYS_MAX,
  reminderDaysBefore: -REMINDER_DAY_RANGE.from,
  reminderDaysAfter: REMINDER_DAY_RANGE.to,
  batchMaxLength: BATCH_MAX_LENGTH,
  importMaxRows: groupIndian(String(STUDENT_IMPORT_MAX_ROWS)),
};
