// The root route '' (spec §2): student dashboard when the student-login flag is 'true', tutor
// dashboard when the tutor-login flag is 'true', otherwise the pay-tuition-fees flow.
import { replace } from 'react-router-dom';
import { storage } from '../../browser/storage';

export function rootRedirect(): Response {
  if (storage.get('studentLogin') === true) return replace('/student/dashboard');
  if (storage.get('tutorLogin') === true) return replace('/tutor/dashboard');
  return replace('/pay-tuition-fees');
}
