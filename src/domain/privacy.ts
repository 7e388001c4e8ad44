// Personal data rules shared by the app and the server (issue 54): the privacy notice's version,
// how long the law makes us keep payment and tax records, and how often an export may be asked.
import { fromIst, istParts } from './time';

/**
 * The privacy notice's version (D319). Its words are privacyTexts.notice in each language;
 * change this whenever they change in substance, and everyone is asked to agree again.
 */
export const NOTICE_VERSION = '2026-12';

/** D319: what a consent is to: the privacy notice, or (a parent's) a tutor's record of a child. */
export const CONSENT_KINDS = ['notice', 'child'] as const;
/** D320: a parent's answer to a tutor's record of their child: confirmed, or erase it. */
export const CHILD_DECISIONS = ['given', 'refused'] as const;
export type ChildDecision = (typeof CHILD_DECISIONS)[number];

/** Rule 9 of the DPDP Rules: who answers questions about the processing (the notice names it). */
export const PRIVACY_CONTACT = 'privacy@tuitionpay.in';

/**
 * D321: a payment record (and the tax documents of it) is kept until the end of the seventh
 * financial year after the one it was made in: 31 March, seven years after that year ended.
 * The longest the law names: GST records 72 months from the annual return's due date, 31
 * December after the year (CGST s.36: about 6 years 9 months after the year); books of account
 * six years from the end of the assessment year (Income-tax rule 6F(5): 7 years); transaction
 * records five years (PMLA s.12).
 */
export const RETENTION_YEARS_AFTER_FINANCIAL_YEAR = 7;

/** The last instant a payment made at `paidAt` is kept: 31 March 23:59:59.999 IST (D321). */
export function keptUntil(paidAt: Date): Date {
  const { year, month } = istParts(paidAt);
  // India's financial year runs April to March: a payment in January 2025 is in 2024-25.
  const yearEnds = month >= 4 ? year + 1 : year;
  return new Date(fromIst(yearEnds + RETENTION_YEARS_AFTER_FINANCIAL_YEAR, 4, 1).getTime() - 1);
}

/** D325: one download of a person's data a minute, in either format. */
export const EXPORT_INTERVAL_SECONDS = 60;
