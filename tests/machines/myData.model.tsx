// Path model of the myData machine (issue 54: a person's own data on their dashboard), walked on
// the machine and through its part of the page (MyDataPanel).
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import {
  myDataMachine,
  type ConsentInForce,
  type DataFormat,
  type KeptRecord,
} from '../../machines/privacy/myData.machine';
import type { SavedFile } from '../../machines/studentDashboard/studentPayments';
import { formatIstDate } from '../../src/domain/istDate';
import { privacyTexts } from '../../src/domain/privacyTexts';
import { SessionProvider } from '../../src/ui/app/session';
import { MyDataPanel } from '../../src/ui/routes/privacy/MyData';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const m = privacyTexts.myData;
const CONSENT: ConsentInForce = { version: '2026-12', givenAt: '2025-01-15T04:30:00.000Z' };
const FILE: SavedFile = { blob: new Blob(['{}']), fileName: 'tuitionpay-my-data-2025-01-15.json' };
const KEPT: KeptRecord[] = [
  {
    kind: 'payments',
    what: privacyTexts.kept.payments(2),
    why: privacyTexts.kept.paymentsWhy,
    until: '2032-03-31T18:29:59.999Z',
  },
  { kind: 'audit', what: privacyTexts.kept.audit, why: privacyTexts.kept.auditWhy, until: null },
];
const TOO_SOON = privacyTexts.api.exportTooSoon(42);
const NETWORK = 'You seem to be offline. Check your connection and try again.';

export interface MyDataWorld {
  consent: FakeCall<ConsentInForce | null, void>;
  download: FakeCall<SavedFile, { format: DataFormat }>;
  withdraw: FakeCall<void, void>;
  erase: FakeCall<KeptRecord[], void>;
  saved: SavedFile[];
  left: number;
}

export const myDataWorld = (): MyDataWorld => ({
  consent: fakeCall(),
  download: fakeCall(),
  withdraw: fakeCall(),
  erase: fakeCall(),
  saved: [],
  left: 0,
});

export const provideMyData = (w: MyDataWorld) =>
  myDataMachine.provide({
    actors: {
      fetchConsent: w.consent.logic,
      download: w.download.logic,
      withdraw: w.withdraw.logic,
      erase: w.erase.logic,
    },
    actions: {
      save: (_, file) => void w.saved.push(file),
      leave: () => void (w.left += 1),
    },
  });

export const myDataEvents = {
  'data.download': [
    { type: 'data.download', format: 'json' },
    { type: 'data.download', format: 'pdf' },
  ],
  'consent.withdraw': [{ type: 'consent.withdraw' }],
  'data.erase': [{ type: 'data.erase' }],
  'confirm.yes': [{ type: 'confirm.yes' }],
  'confirm.no': [{ type: 'confirm.no' }],
  'data.leave': [{ type: 'data.leave' }],
} satisfies EventFixtures<typeof myDataMachine, MyDataWorld>;

const dialog = (title: string) => screen.queryByRole('dialog', { name: title });

function Panel({ actor }: { actor: Parameters<typeof MyDataPanel>[0]['actor'] }) {
  return (
    <SessionProvider role="student" logout={fromPromise(async () => {})}>
      <MyDataPanel actor={actor} />
    </SessionProvider>
  );
}

export const myDataScreen: UiLayer<typeof myDataMachine, MyDataWorld> = {
  view: ({ actor }) => <Panel actor={actor} />,
  gestures: {
    'data.download': ({ format }, ui) =>
      clickOn(queryButton(format === 'pdf' ? m.downloadPdf : m.downloadJson), ui),
    'consent.withdraw': (_, ui) => clickOn(queryButton(m.withdraw), ui),
    'data.erase': (_, ui) => clickOn(queryButton(m.erase), ui),
    'confirm.yes': (_, ui) =>
      clickOn(queryButton(m.withdrawConfirm) ?? queryButton(m.eraseConfirm), ui),
    'confirm.no': (_, ui) => clickOn(queryButton(m.keep), ui),
    'data.leave': (_, ui) => clickOn(queryButton(m.toHome), ui),
  },
  screens: {
    loading: () => {
      expect(buttonNamed(m.downloadJson)).toBeDisabled();
      expect(screen.queryByText(m.consentNone)).toBeNull();
    },
    idle: ({ context }) => {
      const consentLine = context.consent
        ? m.consentGiven(
            context.consent.version,
            formatIstDate(new Date(context.consent.givenAt), { withYear: true }),
          )
        : m.consentNone;
      expect(screen.getByText(consentLine)).toBeInTheDocument();
      expect(buttonNamed(m.downloadJson)).toBeEnabled();
      if (context.consent) expect(buttonNamed(m.withdraw)).toBeEnabled();
      else expect(queryButton(m.withdraw)).toBeNull();
      if (context.done) expect(screen.getByRole('status')).toHaveTextContent(context.done);
      if (context.error) expect(screen.getByRole('alert')).toHaveTextContent(context.error);
      else expect(screen.queryByRole('alert')).toBeNull();
      expect(dialog(m.withdrawTitle)).toBeNull();
      expect(dialog(m.eraseTitle)).toBeNull();
    },
    downloading: () => {
      expect(buttonNamed(m.downloadJson)).toHaveAttribute('data-loading', 'true');
    },
    confirmingWithdraw: () => {
      expect(dialog(m.withdrawTitle)).not.toBeNull();
      expect(buttonNamed(m.withdrawConfirm)).toBeEnabled();
    },
    withdrawing: () => {
      expect(buttonNamed(m.withdrawConfirm)).toHaveAttribute('data-loading', 'true');
    },
    confirmingErase: ({ context }) => {
      expect(dialog(m.eraseTitle)).not.toBeNull();
      if (context.error) expect(screen.getByRole('alert')).toHaveTextContent(context.error);
      else expect(screen.queryByRole('alert')).toBeNull();
    },
    erasing: () => {
      expect(buttonNamed(m.eraseConfirm)).toHaveAttribute('data-loading', 'true');
    },
    erased: () => {
      expect(screen.getByRole('heading', { name: m.erasedTitle })).toBeInTheDocument();
      expect(
        screen.getByText(
          m.keptItem(
            privacyTexts.kept.payments(2),
            formatIstDate(new Date('2032-03-31T18:29:59.999Z'), { withYear: true }),
          ),
        ),
      ).toBeInTheDocument();
      expect(screen.getByText(privacyTexts.kept.paymentsWhy)).toBeInTheDocument();
      expect(screen.getByText(m.loggedOut)).toBeInTheDocument();
    },
    // The page goes home (the machine layer checks the action); the session ends on a 401.
    left: null,
    unauthorized: null,
  },
};

export const myDataPathModel: PathModel<typeof myDataMachine, MyDataWorld> = {
  name: 'myData',
  machine: myDataMachine,
  world: myDataWorld,
  provide: provideMyData,
  events: myDataEvents,
  ui: myDataScreen,
  internal: {
    'xstate.done.actor.fetchConsent': doneFixture(
      'fetchConsent',
      [CONSENT, null],
      (w: MyDataWorld) => w.consent,
    ),
    'xstate.error.actor.fetchConsent': errorFixture(
      'fetchConsent',
      [http(401), offline],
      (w: MyDataWorld) => w.consent,
    ),
    'xstate.done.actor.download': doneFixture('download', [FILE], (w: MyDataWorld) => w.download),
    'xstate.error.actor.download': errorFixture(
      'download',
      [http(429, TOO_SOON), http(401), offline],
      (w: MyDataWorld) => w.download,
    ),
    'xstate.done.actor.withdraw': doneFixture(
      'withdraw',
      [undefined],
      (w: MyDataWorld) => w.withdraw,
    ),
    'xstate.error.actor.withdraw': errorFixture(
      'withdraw',
      [http(401), offline],
      (w: MyDataWorld) => w.withdraw,
    ),
    'xstate.done.actor.erase': doneFixture('erase', [KEPT], (w: MyDataWorld) => w.erase),
    'xstate.error.actor.erase': errorFixture(
      'erase',
      [http(409, privacyTexts.api.refundOpen), http(401)],
      (w: MyDataWorld) => w.erase,
    ),
  },
  states: {
    loading: (snapshot) => assert.ok(snapshot.hasTag('loading')),
    idle: ({ context }, { world }) => {
      // A file is saved for each download that went through, under the server's name.
      assert.ok(world.saved.every((file) => file.fileName === FILE.fileName));
      if (context.done === m.downloaded(FILE.fileName)) assert.ok(world.saved.length >= 1);
      if (context.done === m.withdrawn) assert.equal(context.consent, null);
      assert.ok([null, TOO_SOON, NETWORK].includes(context.error));
      assert.equal(world.erase.calls.length === 0 || context.kept === null, true);
    },
    downloading: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.ok(['json', 'pdf'].includes(world.download.last().input.format));
    },
    confirmingWithdraw: ({ context }) => assert.notEqual(context.consent, null),
    withdrawing: (_, { world }) => assert.ok(world.withdraw.calls.length >= 1),
    confirmingErase: ({ context }) =>
      assert.ok([null, privacyTexts.api.refundOpen].includes(context.error)),
    erasing: (_, { world }) => assert.ok(world.erase.calls.length >= 1),
    erased: ({ context }, { world }) => {
      assert.deepEqual(context.kept, KEPT);
      assert.equal(world.left, 0);
    },
    left: (snapshot, { world }) => {
      assert.equal(snapshot.status, 'done');
      assert.equal(world.left, 1);
    },
    unauthorized: (snapshot, { world }) => {
      assert.equal(snapshot.status, 'done');
      assert.equal(world.left, 0);
    },
  },
};
