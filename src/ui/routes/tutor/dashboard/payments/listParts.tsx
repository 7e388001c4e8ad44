// What the tutor dashboard's tabs share: IST date-times and the 401 rule (the session is gone:
// every stored key goes and the tutor logs in again, D13). The list's pager and states are
// src/ui/components/PagedListParts.tsx.
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { type PagedListActorRef } from '../../../../../../machines/pagedList/pagedList.machine';
import { TUTOR_LOGIN_PATH } from '../../../../../../machines/tutorGuard/onboardingStep';
import { formatIstDate, formatIstTime } from '../../../../../domain/time';
import { useNavigateAction } from '../../../../app/navigation';
import { clearAll } from '../../tutorEffects';

/** '15th January 2025, 11:16 am' (IST, D21). */
export function istDateTime(iso: string): string {
  const date = new Date(iso);
  return `${formatIstDate(date, { withYear: true })}, ${formatIstTime(date)}`;
}

/** When `unauthorized` turns true: every stored key goes, then /tutor/login (once). */
export function useLogoutWhen(unauthorized: boolean): void {
  const navigate = useNavigateAction();
  const done = useRef(false);
  useEffect(() => {
    if (!unauthorized || done.current) return;
    done.current = true;
    clearAll();
    navigate(null, { to: TUTOR_LOGIN_PATH, replace: true });
  }, [unauthorized, navigate]);
}

/** A paged list's 401 (its machine ends in `unauthorized`) logs the tutor out. */
export function useListLogout<TItem, TFilter>(list: PagedListActorRef<TItem, TFilter>): void {
  useLogoutWhen(useSelector(list, (s) => s.matches('unauthorized')));
}
