// The student's session on the dashboard and receipt pages: the guard (a token and the
// studentLogin flag, no tutorLogin flag, else the student login), Logout (D13), and the way
// out when any call answers 401 (the token is gone: storage cleared, the student login).
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import {
  STUDENT_LOGIN_PATH,
  studentLogoutMachine,
  type StudentLogoutActorRef,
} from '../../../../../machines/studentLogout/studentLogout.machine';
import { logoutActor } from '../../../../api/actors/student';
import { storage } from '../../../../browser/storage';
import { Redirect } from '../../../app/RootLayout';
import { useNavigateAction } from '../../../app/navigation';

/** Logged in as a student: a token and the studentLogin flag, and not a tutor's session. */
export function isStudentSignedIn(): boolean {
  return (
    storage.get('access-token') !== null &&
    storage.get('studentLogin') === true &&
    storage.get('tutorLogin') === null
  );
}

const clearAll = () => storage.clearAll();

const SessionContext = createContext<StudentLogoutActorRef | null>(null);

function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigateAction();
  const actor = useActorRef(
    studentLogoutMachine.provide({
      actors: { logout: logoutActor },
      actions: { clearAll, navigate },
    }),
  );
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

/** Renders `children` for a logged-in student only; else the student login. */
export function RequireStudent({ children }: { children: ReactNode }) {
  if (!isStudentSignedIn()) return <Redirect to={STUDENT_LOGIN_PATH} />;
  return <SessionProvider>{children}</SessionProvider>;
}

/** The session's actor (Logout, session expired); inside RequireStudent. */
export function useStudentSession(): StudentLogoutActorRef {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useStudentSession outside RequireStudent');
  return actor;
}

/** When `actor` ends in its `unauthorized` state (a 401), the session ends here. */
export function useEndSessionOn401(actor: AnyActorRef): void {
  const session = useStudentSession();
  const gone = useSelector(actor, (s: { value: unknown }) => s.value === 'unauthorized');
  useEffect(() => {
    if (gone) session.send({ type: 'session.expired' });
  }, [gone, session]);
}
