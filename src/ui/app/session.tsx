// The session behind a login, for both roles (machines/session): Logout (D13), and the way out
// when any call answers 401 (the token is gone: storage cleared, the role's login). A page
// behind a login provides it once; its parts send to it.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Button, type ButtonProps } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { fromPromise } from 'xstate';
import { sessionMachine, type SessionActorRef } from '../../../machines/session/session.machine';
import { storage } from '../../browser/storage';
import type { UserRole } from '../../domain/constants';
import { useNavigateAction } from './navigation';

const clearAll = () => storage.clearAll();

const SessionContext = createContext<SessionActorRef | null>(null);

interface Props {
  role: UserRole;
  /** POST auth/logout/ (the role's API module, so each page's tests fake their own). */
  logout: ReturnType<typeof fromPromise<void, void>>;
  children: ReactNode;
}

export function SessionProvider({ role, logout, children }: Props) {
  const navigate = useNavigateAction();
  const actor = useActorRef(
    sessionMachine.provide({ actors: { logout }, actions: { clearAll, navigate } }),
    { input: { role } },
  );
  return <SessionScope actor={actor}>{children}</SessionScope>;
}

/** Puts a running session actor in reach of the page's parts (the path tests give theirs). */
export function SessionScope({ actor, children }: { actor: SessionActorRef; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

/** 'Logout' (D13): spins while the server is told. */
export function LogoutButton({ children, ...props }: ButtonProps & { children: ReactNode }) {
  const session = useSession();
  const loggingOut = useSelector(session, (s) => s.hasTag('loading'));
  return (
    <Button
      variant="default"
      {...props}
      loading={loggingOut}
      onClick={() => session.send({ type: 'logout' })}
    >
      {children}
    </Button>
  );
}

/** The session's actor (Logout, session expired); inside SessionProvider. */
export function useSession(): SessionActorRef {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSession outside SessionProvider');
  return actor;
}

/** When `gone` turns true (a call answered 401), the session ends here. */
export function useEndSessionWhen(gone: boolean): void {
  const session = useSession();
  useEffect(() => {
    if (gone) session.send({ type: 'session.expired' });
  }, [gone, session]);
}
