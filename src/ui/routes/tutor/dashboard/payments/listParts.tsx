// What the money tabs (payments, refunds, sessions; D1) share: IST date-times, the pager, the
// list's loading and failure states, and the 401 rule (the session is gone: every stored key
// goes and the tutor logs in again, D13).
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import {
  pageCount,
  type PagedListActorRef,
} from '../../../../../../machines/pagedList/pagedList.machine';
import { TUTOR_LOGIN_PATH } from '../../../../../../machines/tutorGuard/onboardingStep';
import { dashboardTexts } from '../../../../../domain/dashboardTexts';
import { formatIstDate, formatIstTime } from '../../../../../domain/time';
import { useNavigateAction } from '../../../../app/navigation';
import { clearAll } from '../../tutorEffects';

const common = dashboardTexts.common;

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

/** Previous / 'Page 2 of 5' / Next, when the list spans more than one page. */
export function Pager<TItem, TFilter>({
  list,
  label,
}: {
  list: PagedListActorRef<TItem, TFilter>;
  label: string;
}) {
  const page = useSelector(list, (s) => s.context.page);
  const pages = useSelector(list, (s) => pageCount(s.context.data));
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="space-between" mt="md" wrap="nowrap">
      <Button
        variant="default"
        size="sm"
        disabled={page <= 1 || loading}
        onClick={() => list.send({ type: 'page.goto', page: page - 1 })}
      >
        {common.previous}
      </Button>
      <Text size="sm">{common.pageOf(page, pages)}</Text>
      <Button
        variant="default"
        size="sm"
        disabled={page >= pages || loading}
        onClick={() => list.send({ type: 'page.goto', page: page + 1 })}
      >
        {common.next}
      </Button>
    </Group>
  );
}

/**
 * The list's state around its rows: a loader before the first page, the failure with 'Try
 * again', the empty text; else the rows (`children`), which stay while the next page loads.
 */
export function ListState<TItem, TFilter>({
  list,
  title,
  empty,
  children,
}: {
  list: PagedListActorRef<TItem, TFilter>;
  title: string;
  empty: string;
  children: React.ReactNode;
}) {
  const failed = useSelector(list, (s) => s.hasTag('error'));
  const error = useSelector(list, (s) => s.context.error);
  const hasData = useSelector(list, (s) => s.context.data !== null);
  const count = useSelector(list, (s) => s.context.data?.count ?? 0);
  if (failed) {
    return (
      <Alert color="red" title={title} role="alert">
        <Text size="sm">{error}</Text>
        <Button
          mt="sm"
          size="xs"
          variant="light"
          onClick={() => list.send({ type: 'list.reload' })}
        >
          {common.retry}
        </Button>
      </Alert>
    );
  }
  if (!hasData) return <Loader size="sm" aria-label={common.loading} />;
  if (count === 0) return <Text c="dimmed">{empty}</Text>;
  return <>{children}</>;
}
