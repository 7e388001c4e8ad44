// The long texts of the public pages: a tutor's five policy pages (spec §2), the product's own
// Terms of Use and Privacy Policy, and the marketing pages (D23). Kept apart from messages.ts
// so the screens every student loads first do not download pages of legal text; messages.ts
// keeps every short user-visible string.

import { REFUND_WINDOW_HOURS } from './constants';
import { localize } from './locale';

// The five policy pages of a tutor (spec §2): plain-language legal text that carries the
// spec's facts word for word. The page titles are the footer's link labels.
export const policyTexts = {
  termsOfUse: (f: PolicyFacts): PolicySection[] => [
    {
      heading: 'About these terms',
      paragraphs: [
        `These terms apply when you pay tuition fees to ${f.merchant} through ${f.product}. ${f.merchant} is the merchant: the tutor who teaches you and receives your payment. ${f.product} provides the payment page and passes your payment on to the tutor through its payment gateway partner.`,
      ],
    },
    {
      heading: 'Payments',
      paragraphs: [
        'Before you pay, the review screen shows the amount, any fee and the total. By paying, you agree to that total.',
        `Pay only for classes you have agreed with ${f.merchant}, and give your correct name and phone number.`,
      ],
    },
    {
      heading: 'Refunds',
      paragraphs: [
        `Refund requests must be made within ${REFUND_WINDOW_HOURS} hours of payment.`,
        `There are no refunds after settlement, that is, once the payment has been paid out to ${f.merchant}. Payments settle on the next working day at 5:00 pm IST, so the time to ask can be shorter than ${REFUND_WINDOW_HOURS} hours.`,
        `To ask for a refund, write to ${f.supportEmail} with the date and amount of the payment and the phone number you paid with. The Refund Policy has the details.`,
      ],
    },
    {
      heading: 'Governing law',
      paragraphs: [
        'These terms are governed by the laws of India. The courts of Delhi have exclusive jurisdiction over any dispute arising from them.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [`Questions about these terms: ${f.supportEmail}.`],
    },
  ],
  refundPolicy: (f: PolicyFacts): PolicySection[] => [
    {
      heading: 'When you can ask for a refund',
      paragraphs: [
        `Refund requests must be made within ${REFUND_WINDOW_HOURS} hours of payment.`,
        `There are no refunds after settlement. A payment settles to the tutor on the next working day (Monday to Friday, except holidays) at 5:00 pm IST. Once it has settled it cannot be refunded, even if ${REFUND_WINDOW_HOURS} hours have not passed.`,
      ],
    },
    {
      heading: 'How to ask',
      paragraphs: [
        `Write to ${f.supportEmail} with the date and amount of the payment and the phone number you paid with. Your request goes to ${f.merchant}, who decides on it.`,
      ],
    },
    {
      heading: 'How refunds are paid',
      paragraphs: [
        'An approved refund goes back to the card or UPI account you paid from. How soon you see it depends on your bank or card issuer.',
      ],
    },
  ],
  contactPolicy: (f: PolicyFacts): PolicySection[] => [
    {
      heading: 'How to reach us',
      paragraphs: [
        `For questions about classes with ${f.merchant} or payments made to them through ${f.product}, write to us or call ${f.merchant}:`,
      ],
      list: [`Email: ${f.supportEmail}`, `Phone: ${f.phone}`],
    },
    {
      heading: 'Refunds and complaints',
      paragraphs: [
        `Refund requests must be made within ${REFUND_WINDOW_HOURS} hours of payment, and there are no refunds after settlement. The Refund Policy has the details.`,
        'Include the date and amount of the payment and the phone number you paid with, so that we can find it quickly.',
      ],
    },
  ],
  pricing: (f: PolicyFacts): PolicySection[] => [
    {
      heading: 'Effective date',
      paragraphs: ['This pricing is effective from 10 November 2024.'],
    },
    {
      heading: 'Prices',
      paragraphs: [
        `${f.merchant} charges from 0 to 5,000 INR, for both standalone classes and courses.`,
        `The exact price of a class or course is agreed with ${f.merchant} before you pay.`,
      ],
    },
    {
      heading: 'Payment',
      paragraphs: [
        'Full payment is required before classes start.',
        `Payments are made through ${f.product}. Card payments carry a platform fee of 1% plus government charges on that fee; UPI payments carry no fee. The review screen shows the total before you pay.`,
      ],
    },
  ],
  privacyPolicy: (f: PolicyFacts): PolicySection[] => [
    {
      heading: 'What this policy covers',
      paragraphs: [
        `This policy explains what ${f.product} collects when you pay ${f.merchant}, why, and who it is shared with.`,
      ],
    },
    {
      heading: 'What we collect',
      paragraphs: ['We collect:'],
      list: [
        'PAN (Permanent Account Number)',
        'the last 4 digits of the credit card you pay with',
        'UPI ID and name',
        'class details, such as the subject, date and time of a session',
        'the merchant phone number',
      ],
    },
    {
      heading: 'What we never see',
      paragraphs: [
        'You enter your full card number and card security code on the payment gateway’s page; we never see or store them. Aadhaar numbers never reach us.',
      ],
    },
    {
      heading: 'Why we collect it',
      paragraphs: [
        'To carry out your payments and send them to the right tutor, to meet the identity (KYC) and tax rules for payments in India, and to help with refunds and disputes.',
      ],
    },
    {
      heading: 'Who we share it with',
      paragraphs: [
        'Our payment gateway partner and the banks that handle your payment, and government authorities when the law requires it. We do not sell your data.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        `To see, correct or delete your data, write to ${f.supportEmail}. We keep payment records for as long as Indian law requires.`,
      ],
    },
  ],
} as const;

// The product's own Terms of Use and Privacy Policy (/terms-of-use, /privacy-policy), linked
// from the student login's consent line. The tutors' texts above name the tutor as the
// merchant; these name no tutor: TuitionPay is the platform between students and tutors.
export const productPolicyTexts = {
  termsOfUse: (f: ProductPolicyFacts): PolicySection[] => [
    {
      heading: 'About these terms',
      paragraphs: [
        `These terms apply when you use ${f.product} to pay tuition fees or to receive them. ${f.product} is the payment platform between students and tutors: it provides the payment pages and passes each payment on to the tutor through its payment gateway partner. ${f.product} does not teach classes.`,
      ],
    },
    {
      heading: 'Tutors are the merchants',
      paragraphs: [
        'Each tutor is the merchant of their own classes: they agree the price with you, teach the classes and receive your payment.',
        'Each tutor has their own Terms of Use, Refund Policy, Pricing, Privacy Policy and Contact Policy, linked at the bottom of their profile page. When you pay a tutor, their terms apply too.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'You log in with your phone number and a one-time code sent to it. Do not share the code with anyone.',
        'Give your own PAN, and your name exactly as it is on your PAN card. Tutors also verify their PAN, bank account and Aadhaar before they can accept payments.',
      ],
    },
    {
      heading: 'Payments',
      paragraphs: [
        'Before you pay, the review screen shows the amount, any fee and the total. By paying, you agree to that total.',
        'Card payments carry a platform fee of 1% plus government charges on that fee; UPI payments carry no fee.',
      ],
    },
    {
      heading: 'Refunds',
      paragraphs: [
        `Refunds follow the Refund Policy of the tutor you paid. Refund requests must be made within ${REFUND_WINDOW_HOURS} hours of payment.`,
        `There are no refunds after settlement, that is, once the payment has been paid out to the tutor. Payments settle on the next working day at 5:00 pm IST, so the time to ask can be shorter than ${REFUND_WINDOW_HOURS} hours.`,
        `To ask for a refund, write to ${f.supportEmail} with the tutor’s name, the date and amount of the payment and the phone number you paid with.`,
      ],
    },
    {
      heading: 'Governing law',
      paragraphs: [
        'These terms are governed by the laws of India. The courts of Delhi have exclusive jurisdiction over any dispute arising from them.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [`Questions about these terms: ${f.supportEmail}.`],
    },
  ],
  privacyPolicy: (f: ProductPolicyFacts): PolicySection[] => [
    {
      heading: 'What this policy covers',
      paragraphs: [
        `This policy explains what ${f.product} collects from students and tutors, why, and who it is shared with. Each tutor also has their own Privacy Policy for the payments made to them.`,
      ],
    },
    {
      heading: 'What we collect, and why',
      paragraphs: ['We collect:'],
      list: [
        'your phone number, to log you in with a one-time code',
        'your name and PAN (Permanent Account Number), to meet the identity (KYC) and tax rules for payments in India',
        'the last 4 digits of the credit card you pay with, so that you and we can recognise a payment',
        'UPI ID and name, when you pay by UPI, for the same reason',
        'class details, such as the subject, date and time of a session, to show what a payment was for',
        'from tutors: the merchant phone number, shown on their public profile, and their bank account details, to pay them',
      ],
    },
    {
      heading: 'What we never see or keep',
      paragraphs: [
        'You enter your full card number and card security code on the payment gateway’s page; we never see or store them.',
        'Aadhaar numbers never reach us: tutors verify their Aadhaar with our payment gateway partner, and we keep only the result.',
        'One-time codes and PANs are never written to our logs.',
      ],
    },
    {
      heading: 'Who we share it with',
      paragraphs: [
        'Our payment gateway partner and the banks that handle your payment, the tutor you pay (for the payments made to them), and government authorities when the law requires it. We do not sell your data.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        `To see, correct or delete your data, write to ${f.supportEmail}. We keep payment records for as long as Indian law requires.`,
      ],
    },
  ],
} as const;

// The marketing pages (D23): honest copy about the product, no invented people or quotes.
export const marketingTexts = {
  tutors: {
    intro: (product: string) =>
      `Every tutor on ${product} has a public profile with their name, phone number and the subjects they teach.`,
    noListYet:
      'We do not list tutors on this page yet. If you know your tutor’s username, open their profile here.',
    usernameLabel: 'Tutor username',
    usernameDescription: 'The last part of your tutor’s profile link, or the whole link.',
    open: 'Open profile',
    notATutor: 'No tutor can have this username',
  },
  whyChooseUs: {
    intro: (product: string) =>
      `${product} lets students in India pay tuition fees to their tutors by card or UPI.`,
    points: [
      {
        title: 'Card payments at 1%',
        body: 'Pay by card with a 1% platform fee plus government charges on that fee. You see the total before you pay.',
      },
      { title: 'UPI is free', body: 'Pay by UPI with no fee at all.' },
      {
        title: 'KYC-verified tutors',
        body: 'Tutors verify their PAN, bank account and Aadhaar before they can accept payments.',
      },
      {
        title: 'Tutors are paid the next working day',
        body: 'Payments settle to the tutor’s bank account on the next working day at 5:00 pm IST.',
      },
      {
        title: 'Clear policies',
        body: `Every tutor has public pricing, refund, privacy and contact pages. Refund requests can be made within ${REFUND_WINDOW_HOURS} hours of payment, until the payment settles.`,
      },
    ],
  },
  testimonials: {
    none: 'We have no testimonials yet.',
    promise: 'We will publish reviews only from real students, with their permission.',
    expectTitle: 'What you can expect',
    expect: [
      'A public tutor profile you can check before you pay.',
      'The total, fee included, shown before you pay.',
      'UPI payments with no fee; card payments at 1% plus government charges on that fee.',
      `Refund requests accepted within ${REFUND_WINDOW_HOURS} hours of payment, until the payment settles.`,
    ],
  },
  contact: {
    intro: 'Write to us at',
    tutors: 'Tutors: questions about sign-up, KYC or payouts go to the same address.',
    payments:
      'Students: for a payment to a tutor, the Contact Policy linked at the bottom of the tutor’s profile has the tutor’s own support address and phone number.',
  },
} as const;

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
export interface PolicySection {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

const hindi = () => import('./publicPageTexts.hi');
void Promise.all([
  localize(policyTexts, { hi: () => hindi().then((m) => m.policyTexts) }),
  localize(productPolicyTexts, { hi: () => hindi().then((m) => m.productPolicyTexts) }),
  localize(marketingTexts, { hi: () => hindi().then((m) => m.marketingTexts) }),
]);
