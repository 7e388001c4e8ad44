// Which guarded page a path under tutor/ is (spec §2 "tutor/ is a parent guard").
import type { TutorPage } from '../../../../../machines/tutorGuard/tutorGuard.machine';

const PAGES: Record<string, TutorPage> = {
  '/tutor/personal-details': 'signup',
  '/tutor/complete-kyc': 'completeKyc',
  '/tutor/dashboard': 'dashboard',
};

/** `/tutor` itself and `/tutor/login` are the login (D50: `/tutor` goes to /tutor/login). */
export function tutorPageOf(pathname: string): TutorPage {
  return PAGES[pathname.replace(/\/+$/, '')] ?? 'login';
}
