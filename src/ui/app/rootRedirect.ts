// The root route '' (spec §2): student dashboard when the student-login flag is 'true', tutor
// dashboard when the tutor-login flag is 'true', otherwise the pay-tuition-fees flow.
import { storage } from '../../browser/storage';

export function rootRedirectPath(): string {
  if (storage.get('studentLogin') === true) return '/student/dashboard';
  if (storage.get('tutorLogin') === true) return '/tutor/dashboard';
  return '/pay-tuition-fees';
}
