// Whether a student is logged in here: read by the student pages' guard before their first
// paint, so it stays apart from the session's machinery (studentSession.tsx).
import { storage } from '../../../browser/storage';

/** Logged in as a student: a token and the studentLogin flag, and not a tutor's session. */
export function isStudentSignedIn(): boolean {
  return (
    storage.get('access-token') !== null &&
    storage.get('studentLogin') === true &&
    storage.get('tutorLogin') === null
  );
}
