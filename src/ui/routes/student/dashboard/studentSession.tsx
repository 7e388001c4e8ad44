// The student's session on the dashboard and receipt pages: behind the guard (StudentGuard),
// Logout (D13), and the way out when any call answers 401 (the token is gone: storage cleared,
// the student login).
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import { logoutActor } from '../../../../api/actors/student';
import { SessionProvider, useEndSessionWhen } from '../../../app/session';
import { StudentGuard } from '../StudentGuard';

/** Renders `children` for a logged-in student only; else the student login. */
export function RequireStudent({ children }: { children: ReactNode }) {
  return (
    <StudentGuard>
      <StudentSession>{children}</StudentSession>
    </StudentGuard>
  );
}

/** The student's session around `children`, where the guard has already run. */
export function StudentSession({ children }: { children: ReactNode }) {
  return (
    <SessionProvider role="student" logout={logoutActor}>
      {children}
    </SessionProvider>
  );
}

/** When `actor` ends in its `unauthorized` state (a 401), the session ends here. */
export function useEndSessionOn401(actor: AnyActorRef): void {
  useEndSessionWhen(useSelector(actor, (s: { value: unknown }) => s.value === 'unauthorized'));
}
