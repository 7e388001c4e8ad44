// Path model of the generic pagedList machine (dashboards' lists), walked on the machine and
// through the links tab's table. The list is one of 45 links, 20 a page (3 pages); the fake
// server answers page 1 or page 2; the filter is a status or null.
import assert from 'node:assert/strict';
import { screen, waitFor } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { confirmActionMachine } from '../../machines/confirmAction/confirmAction.machine';
import type { TutorLink } from '../../machines/linkCreate/linkForm';
import {
  pagedListMachine,
  type Page,
  type PagedListActorRef,
  type PageRequest,
} from '../../machines/pagedList/pagedList.machine';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { messages } from '../../src/domain/messages';
import type { PaymentLinkStatus } from '../../src/domain/statuses';
import { SessionProvider } from '../../src/ui/app/session';
import { LinksTable } from '../../src/ui/routes/tutor/dashboard/links/LinksPanel';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { CREATED_LINK } from './linkCreate.model';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export type Row = TutorLink;
export type RowFilter = PaymentLinkStatus | null;

export const rowsMachine = pagedListMachine<Row, RowFilter>();

const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({
    ...CREATED_LINK,
    id: `lnk_${from + i}`,
    url: `https://tuitionpay.example/payment-link/lnk_${from + i}`,
    purpose: `Class ${from + i}`,
  }));

export const PAGE_1: Page<Row> = { items: rows(1, 20), page: 1, page_size: 20, count: 45 };
export const PAGE_2: Page<Row> = { items: rows(21, 20), page: 2, page_size: 20, count: 45 };

export interface PagedListWorld {
  fetch: FakeCall<Page<Row>, PageRequest<RowFilter>>;
}

export const pagedListWorld = (): PagedListWorld => ({ fetch: fakeCall() });

export const providePagedList = (w: PagedListWorld) =>
  rowsMachine.provide({ actors: { fetchPage: w.fetch.logic } });

export const pagedListEvents = {
  'page.goto': [{ type: 'page.goto', page: 2 }],
  'filter.change': [{ type: 'filter.change', filter: 'PAID' }],
  'list.reload': [{ type: 'list.reload' }],
} satisfies EventFixtures<typeof rowsMachine, PagedListWorld>;

const t = dashboardTexts.tutor.links;
const common = dashboardTexts.common;

/** Cancelling a link goes through at once: the tab then reloads its list. */
function LinksTab({ list }: { list: PagedListActorRef<Row, RowFilter> }) {
  const cancel = useActorRef(
    confirmActionMachine.provide({
      actors: { perform: fromPromise<void, { id: string }>(async () => {}) },
      actions: { changed: () => list.send({ type: 'list.reload' }) },
    }),
  );
  return (
    <SessionProvider role="teacher" logout={fromPromise(async () => {})}>
      <LinksTable list={list} cancel={cancel} />
    </SessionProvider>
  );
}

/** The page the pager says is open ('Page 2 of 3'), or null without a pager. */
function pagerPage(): number | null {
  const text = screen.queryByText(/^Page \d+ of \d+$/)?.textContent;
  return text ? Number(text.split(' ')[1]) : null;
}

/** The links tab's table: its filter, its pager, Try again, and a cancel that reloads it. */
export const pagedListScreen: UiLayer<typeof rowsMachine, PagedListWorld> = {
  view: ({ actor }) => <LinksTab list={actor} />,
  gestures: {
    'page.goto': async ({ page }, ui) => {
      const open = pagerPage();
      if (open === null || open === page) return 'blocked';
      return clickOn(buttonNamed(page > open ? common.next : common.previous), ui);
    },
    'filter.change': async ({ filter }, ui) => {
      await ui.user.selectOptions(screen.getByLabelText(t.filterLabel), filter ?? '');
    },
    // Try again after a failure; else a change to a row (a link cancelled) reloads the list.
    'list.reload': async (_, ui) => {
      const retry = queryButton(common.retry);
      if (retry) return clickOn(retry, ui);
      const [first] = screen.queryAllByRole('button', { name: /^Cancel the link: / });
      if (!first) return 'blocked';
      await clickOn(first, ui);
      await clickOn(await waitFor(() => buttonNamed(t.cancelConfirm)), ui);
      await waitFor(() => expect(ui.world.fetch.calls.length).toBeGreaterThan(0));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
  },
  screens: {
    loading: () => {},
    shown: ({ context }) => {
      const first = context.data!.items[0]!;
      expect(screen.getByText(first.purpose)).toBeInTheDocument();
      expect(pagerPage()).toBe(context.page);
    },
    failed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
      expect(queryButton(common.retry)).not.toBeNull();
    },
    // The session ends (the table's useEndSessionWhen; the machine layer checks the state).
    unauthorized: null,
  },
};

export const pagedListPathModel: PathModel<typeof rowsMachine, PagedListWorld> = {
  name: 'pagedList',
  machine: rowsMachine,
  inputs: [{ filter: null }],
  world: pagedListWorld,
  provide: providePagedList,
  events: pagedListEvents,
  // A reload comes from Try again, or from a change to a row on screen: none before a page.
  possible: (snapshot, event) =>
    event.type !== 'list.reload' || snapshot.context.data !== null || snapshot.matches('failed'),
  ui: pagedListScreen,
  internal: {
    'xstate.done.actor.fetchPage': doneFixture(
      'fetchPage',
      [PAGE_1, PAGE_2],
      (w: PagedListWorld) => w.fetch,
    ),
    'xstate.error.actor.fetchPage': errorFixture(
      'fetchPage',
      [http(401), offline],
      (w: PagedListWorld) => w.fetch,
    ),
  },
  states: {
    loading: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.equal(snapshot.context.error, null);
      // The call in flight asks for the page and filter in context.
      assert.deepEqual(world.fetch.last().input, {
        page: snapshot.context.page,
        filter: snapshot.context.filter,
      });
    },
    shown: ({ context }) => {
      assert.ok(context.data);
      assert.equal(context.page, context.data.page);
      assert.equal(context.error, null);
    },
    failed: (snapshot) => {
      assert.ok(snapshot.hasTag('error'));
      assert.equal(snapshot.context.error, messages.generic.network);
      assert.ok(snapshot.can({ type: 'list.reload' }));
    },
    unauthorized: ({ status }) => {
      assert.equal(status, 'done');
    },
  },
};
