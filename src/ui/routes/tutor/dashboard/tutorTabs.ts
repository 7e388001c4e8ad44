// The tutor dashboard's tabs below the KYC card, one per area (issue 5): each area adds its
// entry here and owns its panel's folder. Panels are lazy: the dashboard's first paint is the
// KYC card and the tab list only.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TutorSummary } from '../../../../../machines/tutorGuard/onboardingStep';

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
  return lazy(async () => ({ default: (await load())[name] }));
}

export const tutorTabs: TutorTab[] = [
  // Each area's tab, in the order tutors use them: payments, refunds, links, sessions, API keys.
];
