// The student pages' guard: a token and the studentLogin flag, no tutorLogin flag, else the
// student login. It runs before a page's first paint, so it stays apart from the session's
// machinery (dashboard/studentSession.tsx), which a page may load after that paint (D176).
import type { ReactNode } from 'react';
import { STUDENT_LOGIN_PATH } from '../../../../machines/shared/loginPaths';
import { storage } from '../../../browser/storage';
import { Redirect } from '../../app/RootLayout';

/** Logged in as a student: a token and the studentLogin flag, and not a tutor's session. */
function isStudentSignedIn(): boolean {
  return (
    storage.get('access-token') !== null &&
    storage.get('studentLogin') === true &&
    storage.get('tutorLogin') === null
  );
}

/** Renders `children` for a logged-in student only; else the student login. */
export function StudentGuard({ children }: { children: ReactNode }) {
  return isStudentSignedIn() ? children : <Redirect to={STUDENT_LOGIN_PATH} />;
}
