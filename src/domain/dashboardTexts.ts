// The dashboards' texts (issue 5): screens behind a login, loaded only with them. Apart from
// messages.ts for the same reason as publicPageTexts.ts (D75): every string of messages.ts is
// part of the first paint of /student/login and /static-link. The API's own texts (refusals,
// receipt and CSV labels, refund status labels) are in apiMessages.ts.
export const dashboardTexts = {
  /** Shared by both dashboards. */
  common: {
    previous: 'Previous',
    next: 'Next',
    pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
    retry: 'Try again',
    loading: 'Loading…',
  },
  tutor: {},
  student: {},
} as const;
