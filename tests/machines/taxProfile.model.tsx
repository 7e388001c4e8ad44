// Path model of the taxProfile machine (the tutor's GST tab, a payer's address for invoices),
// walked on the machine and through its form for both: a tutor registering with a GSTIN whose
// check character is wrong, then right; a payer giving an address and a state.
import assert from 'node:assert/strict';
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  draftProblem,
  profileChanged,
  taxProfileMachine,
  type TaxProfileDraft,
} from '../../machines/taxProfile/taxProfile.machine';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { messages } from '../../src/domain/messages';
import { taxTexts } from '../../src/domain/taxTexts';
import { TaxProfileForm } from '../../src/ui/components/TaxProfileForm';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, typeInto } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const t = taxTexts.profile;
export const EMPTY: TaxProfileDraft = {
  registered: false,
  gstin: '',
  legalName: '',
  address: '',
  stateCode: '',
  feeIncludesGst: true,
};
/** 07ABCPV1234K1ZL checks (gst.test.ts); ...ZM does not. */
const GOOD = '07ABCPV1234K1ZL';
const BAD = '07ABCPV1234K1ZM';
const TAKEN = taxTexts.api.gstinTaken;
/** What the server answers a save with (an address in Maharashtra, not registered). */
const SAVED: TaxProfileDraft = { ...EMPTY, address: '12 Linking Road, Mumbai', stateCode: '27' };

export interface TaxProfileWorld {
  fetch: FakeCall<TaxProfileDraft, void>;
  save: FakeCall<TaxProfileDraft, TaxProfileDraft>;
}

export const taxProfileWorld = (): TaxProfileWorld => ({ fetch: fakeCall(), save: fakeCall() });

export const provideTaxProfile = (w: TaxProfileWorld) =>
  taxProfileMachine.provide({ actors: { fetchProfile: w.fetch.logic, saveProfile: w.save.logic } });

export const taxProfileEvents = {
  'profile.change': [
    { type: 'profile.change', registered: true },
    { type: 'profile.change', gstin: BAD },
    { type: 'profile.change', gstin: GOOD },
    { type: 'profile.change', address: '4 Hauz Khas, New Delhi' },
    { type: 'profile.change', stateCode: '27' },
  ],
  'profile.save': [{ type: 'profile.save' }],
  'profile.retry': [{ type: 'profile.retry' }],
} satisfies EventFixtures<typeof taxProfileMachine, TaxProfileWorld>;

const field = (label: string) => screen.queryByLabelText(label);

export const taxProfileScreen: UiLayer<typeof taxProfileMachine, TaxProfileWorld> = {
  view: ({ actor }) => <TaxProfileForm actor={actor} />,
  gestures: {
    'profile.change': async (event, ui) => {
      if (event.registered !== undefined) {
        const toggle = screen.queryByRole('switch', { name: t.registered });
        return toggle ? clickOn(toggle, ui) : 'blocked';
      }
      if (event.gstin !== undefined) return typeInto(field(t.gstin), event.gstin, ui);
      if (event.address !== undefined) return typeInto(field(t.address), event.address, ui);
      const select = field(t.state);
      if (!select) return 'blocked';
      fireEvent.change(select, { target: { value: event.stateCode } });
    },
    'profile.save': (_, ui) => clickOn(buttonNamed(t.save), ui),
    'profile.retry': (_, ui) => clickOn(buttonNamed(dashboardTexts.common.retry), ui),
  },
  screens: {
    loading: () => {
      expect(screen.queryByRole('button', { name: t.save })).toBeNull();
    },
    loadFailed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
    },
    ready: ({ context }) => {
      const problem = profileChanged(context) ? draftProblem(context) : null;
      if (problem) expect(screen.getByTestId('profile-problem')).toHaveTextContent(problem);
      else expect(screen.queryByTestId('profile-problem')).toBeNull();
      if (profileChanged(context) && !problem) expect(buttonNamed(t.save)).toBeEnabled();
      else expect(buttonNamed(t.save)).toBeDisabled();
      expect(screen.getByRole('status')).toHaveTextContent(context.justSaved ? t.saved : '');
      if (context.who === 'teacher' && context.draft?.registered) {
        expect(field(t.gstin)).toHaveValue(context.draft.gstin);
      }
    },
    saving: () => {
      expect(buttonNamed(t.save)).toHaveAttribute('data-loading', 'true');
    },
    failed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
    },
    unauthorized: null,
  },
};

export const taxProfilePathModel: PathModel<typeof taxProfileMachine, TaxProfileWorld> = {
  name: 'taxProfile',
  machine: taxProfileMachine,
  inputs: [{ who: 'teacher' }, { who: 'student' }],
  world: taxProfileWorld,
  provide: provideTaxProfile,
  events: taxProfileEvents,
  ui: taxProfileScreen,
  // What each form offers: a tutor's GSTIN once registered, the state to a payer (and an
  // unregistered tutor); a change that changes nothing is no gesture.
  possible: (snapshot, event) => {
    const { draft, who } = snapshot.context;
    if (event.type !== 'profile.change') return true;
    if (!draft) return false;
    const change = event as Partial<TaxProfileDraft>;
    if (change.registered !== undefined) return who === 'teacher' && !draft.registered;
    if (change.gstin !== undefined)
      return who === 'teacher' && draft.registered && draft.gstin !== change.gstin;
    if (change.address !== undefined) return draft.address !== change.address;
    return (who === 'student' || !draft.registered) && draft.stateCode !== change.stateCode;
  },
  internal: {
    'xstate.done.actor.fetchProfile': doneFixture(
      'fetchProfile',
      [EMPTY],
      (w: TaxProfileWorld) => w.fetch,
    ),
    'xstate.error.actor.fetchProfile': errorFixture(
      'fetchProfile',
      [offline, http(401)],
      (w: TaxProfileWorld) => w.fetch,
    ),
    'xstate.done.actor.saveProfile': doneFixture(
      'saveProfile',
      [SAVED],
      (w: TaxProfileWorld) => w.save,
    ),
    'xstate.error.actor.saveProfile': errorFixture(
      'saveProfile',
      [http(409, TAKEN), http(401), offline],
      (w: TaxProfileWorld) => w.save,
    ),
  },
  states: {
    loading: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.ok(world.fetch.calls.length >= 1);
    },
    loadFailed: ({ context }) => assert.equal(context.error, messages.generic.network),
    ready: ({ context }) => {
      assert.ok(context.draft && context.saved);
      assert.equal(context.error, null);
    },
    saving: (snapshot, { world }) => {
      // Only a draft the rule accepts is ever sent.
      assert.deepEqual(world.save.last().input, snapshot.context.draft);
      assert.equal(draftProblem(snapshot.context), null);
    },
    failed: ({ context }) =>
      assert.ok([TAKEN, messages.generic.network].includes(context.error ?? '')),
    unauthorized: ({ status }) => assert.equal(status, 'done'),
  },
};
