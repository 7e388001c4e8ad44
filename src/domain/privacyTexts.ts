// Issue 54: the words of personal data: the privacy notice (D319), the consent asked for it, a
// person's own data page (download, withdraw, erase: D324, D322), the tutor's audit trail
// (D323), and the API's refusals and records. Apart from the other modules because only the
// screens that ask or show these (each after its first paint) and the server need them.

import { catalog, sections, text, texts } from './texts';

const words = catalog({
  en: () => import('../locales/en/privacyTexts'),
  hi: () => import('../locales/hi/privacyTexts'),
});

export const privacyTexts = texts(words, 'privacyTexts', {
  /** D319: the itemised notice shown before consent (DPDP Act s.5, Rules r.3). */
  notice: {
    title: text,
    /** Its version, shown under the title. */
    version: (version: string) => ({ version }),
    /** Its words name how long we keep payments and whom to write to (privacy.ts). */
    body: sections((facts: { retentionYears: number; privacyContact: string }) => facts),
    agree: text,
    agreeNeeded: text,
  },
  /** The dashboards' ask: a new notice version, or a parent's confirmation for a child. */
  gate: {
    title: text,
    intro: text,
    childTitle: text,
    child: (tutor: string, child: string) => ({ tutor, child }),
    confirmChild: text,
    refuseChild: text,
    refuseChildHint: text,
    submit: text,
    failed: text,
  },
  /** D324: the person's own data, on both dashboards. */
  myData: {
    tab: text,
    title: text,
    intro: text,
    consentGiven: (version: string, date: string) => ({ version, date }),
    consentNone: text,
    downloadJson: text,
    downloadPdf: text,
    downloaded: (fileName: string) => ({ fileName }),
    downloadFailed: text,
    withdraw: text,
    withdrawTitle: text,
    withdrawBody: text,
    withdrawConfirm: text,
    withdrawn: text,
    erase: text,
    eraseTitle: text,
    eraseBody: text,
    eraseConfirm: text,
    keep: text,
    close: text,
    erasedTitle: text,
    erasedIntro: text,
    keptNothing: text,
    keptItem: (what: string, until: string) => ({ what, until }),
    keptForever: (what: string) => ({ what }),
    loggedOut: text,
    toHome: text,
  },
  /** D323: the trail of the tutor's own account. */
  audit: {
    title: text,
    intro: text,
    empty: text,
    loadFailed: text,
    when: text,
    what: text,
    you: text,
    platform: text,
    someone: (id: number) => ({ id }),
    yourAccount: text,
    student: (id: number) => ({ id }),
    user: (id: number) => ({ id }),
    /** '{actor} opened the history of {subject}': one sentence per action, in each language. */
    action: {
      'student.history.read': (actor: string, subject: string) => ({ actor, subject }),
      'payments.exported': (actor: string, subject: string) => ({ actor, subject }),
      'dues.exported': (actor: string, subject: string) => ({ actor, subject }),
      'data.exported': (actor: string, subject: string) => ({ actor, subject }),
      'pan.saved': (actor: string, subject: string) => ({ actor, subject }),
      'bank_account.added': (actor: string, subject: string) => ({ actor, subject }),
      'kyc.status_changed': (actor: string, subject: string) => ({ actor, subject }),
      'consent.given': (actor: string, subject: string) => ({ actor, subject }),
      'consent.withdrawn': (actor: string, subject: string) => ({ actor, subject }),
      'child.consent': (actor: string, subject: string) => ({ actor, subject }),
      'child.refused': (actor: string, subject: string) => ({ actor, subject }),
      'student.added_minor': (actor: string, subject: string) => ({ actor, subject }),
      erasure: (actor: string, subject: string) => ({ actor, subject }),
      'erasure.purged': (actor: string, subject: string) => ({ actor, subject }),
      'keys.rotated': (actor: string, subject: string) => ({ actor, subject }),
      'breach.exposure_listed': (actor: string, subject: string) => ({ actor, subject }),
    },
  },
  /** What the tutor sees of a student who had their data erased. */
  erased: text,
  /** The add-student form's child fields and the list's consent states (D320). */
  students: {
    minor: text,
    parentConsent: text,
    awaitingParent: text,
    parentConfirmed: text,
  },
  /** What an erasure keeps, and why (D321, D322). */
  kept: {
    payments: (count: number) => ({ count }),
    paymentsWhy: text,
    consents: text,
    consentsWhy: text,
    audit: text,
    auditWhy: text,
    optOut: text,
    optOutWhy: text,
  },
  /** The readable export (PDF). */
  pdf: {
    title: text,
    generated: (date: string) => ({ date }),
    profile: text,
    consents: text,
    bankAccounts: text,
    paymentsMade: text,
    paymentsReceived: text,
    refunds: text,
    links: text,
    schedules: text,
    studentEntries: text,
    students: text,
    texts: text,
    audit: text,
    none: text,
    more: (count: number) => ({ count }),
    fields: {
      name: text,
      phone: text,
      pan: text,
      role: text,
      username: text,
      language: text,
      joined: text,
    },
  },
  api: {
    exportTooSoon: (seconds: number) => ({ seconds }),
    noticeChanged: text,
    consentWithdrawn: text,
    payeeWithdrew: text,
    childNotFound: text,
    refundOpen: text,
    checkoutOpen: text,
    erasureFailed: text,
    panOnAnotherTutor: text,
    minorNeedsConsent: text,
    minorNeedsParent: text,
  },
});
