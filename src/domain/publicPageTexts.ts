// The long texts of the public pages: a tutor's five policy pages (spec §2), the product's own
// Terms of Use and Privacy Policy, and the marketing pages (D23). Kept apart from messages.ts
// so the screens every student loads first do not download pages of legal text; messages.ts
// keeps every short user-visible string.

import { catalog, sections, text, texts, type Section } from './texts';

const words = catalog({
  en: () => import('../locales/en/publicPageTexts'),
  hi: () => import('../locales/hi/publicPageTexts'),
});

// The five policy pages of a tutor (spec §2): plain-language legal text that carries the
// spec's facts word for word. The page titles are the footer's link labels.
export const policyTexts = texts(words, 'policyTexts', {
  termsOfUse: sections((f: PolicyFacts) => f),
  refundPolicy: sections((f: PolicyFacts) => f),
  contactPolicy: sections((f: PolicyFacts) => f),
  pricing: sections((f: PolicyFacts) => f),
  privacyPolicy: sections((f: PolicyFacts) => f),
});

// The product's own Terms of Use and Privacy Policy (/terms-of-use, /privacy-policy), linked
// from the student login's consent line. The tutors' texts above name the tutor as the
// merchant; these name no tutor: TuitionPay is the platform between students and tutors.
export const productPolicyTexts = texts(words, 'productPolicyTexts', {
  termsOfUse: sections((f: ProductPolicyFacts) => f),
  privacyPolicy: sections((f: ProductPolicyFacts) => f),
});

// The marketing pages (D23): honest copy about the product, no invented people or quotes.
export const marketingTexts = texts(words, 'marketingTexts', {
  tutors: {
    intro: (product: string) => ({ product }),
    noListYet: text,
    usernameLabel: text,
    usernameDescription: text,
    open: text,
    notATutor: text,
  },
  whyChooseUs: {
    intro: (product: string) => ({ product }),
    points: [
      {
        title: text,
        body: text,
      },
      { title: text, body: text },
      {
        title: text,
        body: text,
      },
      {
        title: text,
        body: text,
      },
      {
        title: text,
        body: text,
      },
    ],
  },
  testimonials: {
    none: text,
    promise: text,
    expectTitle: text,
    expect: [text, text, text, text],
  },
  contact: {
    intro: text,
    tutors: text,
    payments: text,
  },
});

/** What a tutor's policy pages fill in (spec §2). */
export interface PolicyFacts {
  /** The tutor's full name. */
  merchant: string;
  product: string;
  supportEmail: string;
  /** The tutor's phone. */
  phone: string;
}

/** What the product's own policy pages fill in. */
export type ProductPolicyFacts = Pick<PolicyFacts, 'product' | 'supportEmail'>;

/** One section of a policy page: a heading, paragraphs, then an optional list. */
export type PolicySection = Section;
