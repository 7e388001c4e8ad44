// What the tutor dashboard's tabs share: IST date-times and the 401 rule (the session is gone:
// every stored key goes and the tutor logs in again, D13). The list's pager and states are
// src/ui/components/PagedListParts.tsx.
import { useSelector } from '@xstate/react';
import { type PagedListActorRef } from '../../../../../../machines/pagedList/pagedList.machine';
import { formatIstDate, formatIstTime } from '../../../../../domain/time';
import { useEndSessionWhen } from '../../../../app/session';

/** '15th January 2025, 11:16 am' (IST, D21). */
export function istDateTime(iso: string): string {
  const date = new Date(iso);
  return `${formatIstDate(date, { withYear: true })}, ${formatIstTime(date)}`;
}

/** A paged list's 401 (its machine ends in `unauthorized`) logs the tutor out. */
export function useListLogout<TItem, TFilter>(list: PagedListActorRef<TItem, TFilter>): void {
  useEndSessionWhen(useSelector(list, (s) => s.matches('unauthorized')));
}
