// The tutor dashboard's tabs below the KYC card, one per area (issue 5): each area adds its
// entry here and owns its panel's folder. Panels are lazy: the dashboard's first paint is the
// KYC card and the tab list only.
import { loadInLanguage } from '../../../app/loadInLanguage';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TutorSummary } from '../../../../../machines/tutorGuard/onboardingStep';
import { dashboardTexts } from '../../../../domain/dashboardTexts';

export interface TutorTabPanelProps {
  profile: TutorSummary;
}

export interface TutorTab {
  /** In the URL as ?tab=<value>. */
  value: string;
  label: string;
  Panel: LazyExoticComponent<ComponentType<TutorTabPanelProps>>;
}

/** `lazyPanel(() => import('./payments/PaymentsPanel'), 'PaymentsPanel')` */
export function lazyPanel<K extends string>(
  load: () => Promise<Record<K, ComponentType<TutorTabPanelProps>>>,
  name: K,
): LazyExoticComponent<ComponentType<TutorTabPanelProps>> {
  return lazy(async () => ({ default: (await loadInLanguage(load))[name] }));
}

export const tutorTabs: TutorTab[] = [
  // Each area's tab, in the order tutors use them: share, payments, payouts, students, dues,
  // refunds, links, sessions, GST, API keys, devices (D242), their own data (issue 54).
  {
    value: 'share',
    get label() {
      return dashboardTexts.tutor.share.tab;
    },
    Panel: lazyPanel(() => import('./share/SharePanel'), 'SharePanel'),
  },
  {
    value: 'payments',
    get label() {
      return dashboardTexts.tutor.payments.tab;
    },
    Panel: lazyPanel(() => import('./payments/PaymentsPanel'), 'PaymentsPanel'),
  },
  {
    value: 'payouts',
    get label() {
      return dashboardTexts.tutor.payouts.tab;
    },
    Panel: lazyPanel(() => import('./payouts/PayoutsPanel'), 'PayoutsPanel'),
  },
  {
    value: 'students',
    get label() {
      return dashboardTexts.tutor.students.tab;
    },
    Panel: lazyPanel(() => import('./students/StudentsPanel'), 'StudentsPanel'),
  },
  {
    value: 'dues',
    get label() {
      return dashboardTexts.tutor.dues.tab;
    },
    Panel: lazyPanel(() => import('./dues/DuesPanel'), 'DuesPanel'),
  },
  {
    value: 'refunds',
    get label() {
      return dashboardTexts.tutor.refunds.tab;
    },
    Panel: lazyPanel(() => import('./refunds/RefundsPanel'), 'RefundsPanel'),
  },
  {
    value: 'links',
    get label() {
      return dashboardTexts.tutor.links.tab;
    },
    Panel: lazyPanel(() => import('./links/LinksPanel'), 'LinksPanel'),
  },
  {
    value: 'sessions',
    get label() {
      return dashboardTexts.tutor.sessions.tab;
    },
    Panel: lazyPanel(() => import('./sessions/SessionsPanel'), 'SessionsPanel'),
  },
  {
    value: 'gst',
    get label() {
      return dashboardTexts.tutor.gst.tab;
    },
    Panel: lazyPanel(() => import('./gst/GstPanel'), 'GstPanel'),
  },
  {
    value: 'api-keys',
    get label() {
      return dashboardTexts.tutor.apiKeys.tab;
    },
    Panel: lazyPanel(() => import('./apiKeys/ApiKeysPanel'), 'ApiKeysPanel'),
  },
  {
    value: 'devices',
    get label() {
      return dashboardTexts.tutor.devices.tab;
    },
    Panel: lazyPanel(() => import('./devices/DevicesPanel'), 'DevicesPanel'),
  },
  {
    value: 'privacy',
    get label() {
      return dashboardTexts.tutor.privacy.tab;
    },
    Panel: lazyPanel(() => import('./privacy/PrivacyPanel'), 'PrivacyPanel'),
  },
];
