// Path model of the tutorDetails machine (/pay/tutor-details), walked on the machine and
// through its form.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { TutorDetailsView } from '../../src/ui/routes/pay/TutorDetailsFlow';
import { messages } from '../../src/domain/messages';
import type { ChosenPayee } from '../../machines/amountEntry/amountEntry.machine';
import {
  searchOutcome,
  type PayeeFacts,
  type PendingPayee,
  type StoredPending,
} from '../../machines/payeeLookup/payeeLookup.machine';
import {
  tutorDetailsMachine,
  tutorFieldErrors,
  type RegisterTutorInput,
} from '../../machines/payeeLookup/tutorDetails.machine';
import type { NavigateParams } from '../../machines/shared/navigation';
import type { EventFixtures, PathModel, PathRun, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton, typeInto } from '../support/uiPaths';
import { doneCases, errorCases, fakeActor, type FakeActor } from './fakes';
import { TUTOR_PHONE, tutorFacts } from './payeeLookup.model';

interface World {
  pending: FakeActor<StoredPending>;
  register: FakeActor<PayeeFacts, RegisterTutorInput>;
  navigations: NavigateParams[];
  payees: ChosenPayee[];
}

const PENDING: PendingPayee = { amount: 200_000, tutorPhone: TUTOR_PHONE };

export const registered = {
  invited: tutorFacts(null, { id: 8 }),
  submitted: tutorFacts('MIN_KYC_SUBMITTED', { id: 8 }),
  approved: tutorFacts('MIN_KYC_APPROVED', { id: 8 }),
  student: tutorFacts(null, { id: 8, role: 'student' }),
};

const panRefused = { kind: 'http', status: 400, message: 'The name does not match the PAN.' };

export const tutorDetailsEvents = {
  'firstName.change': [
    { type: 'firstName.change', value: 'Vikram' },
    { type: 'firstName.change', value: '123' },
  ],
  'lastName.change': [{ type: 'lastName.change', value: 'Rao' }],
  'pan.change': [
    { type: 'pan.change', value: 'abcpv1234k' },
    { type: 'pan.change', value: 'ABCDE1234F' }, // 4th letter not P: invalid
  ],
  'details.submit': [{ type: 'details.submit' }],
  'dialog.close': [{ type: 'dialog.close' }],
} satisfies EventFixtures<typeof tutorDetailsMachine, World>;

function stayed({ world }: PathRun<World>) {
  assert.deepEqual(world.navigations, []);
  assert.deepEqual(world.payees, []);
}

const m = messages.tutorDetails;
const FIELDS = { firstName: m.firstName, lastName: m.lastName, pan: m.pan } as const;
const field = (name: keyof typeof FIELDS) =>
  screen.queryByRole<HTMLInputElement>('textbox', { name: FIELDS[name] });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

/** /pay/tutor-details as the student sees it. */
export const tutorDetailsScreen: UiLayer<typeof tutorDetailsMachine, World> = {
  view: ({ actor }) => <TutorDetailsView actorRef={actor} />,
  gestures: {
    'firstName.change': ({ value }, ui) => typeInto(field('firstName'), value, ui),
    'lastName.change': ({ value }, ui) => typeInto(field('lastName'), value, ui),
    'pan.change': ({ value }, ui) => typeInto(field('pan'), value, ui),
    'details.submit': (_, ui) => clickOn(queryButton(m.submit), ui),
    'dialog.close': (_, ui) => clickOn(queryButton(messages.payeeLookup.ok), ui),
  },
  screens: {
    loading: () => {
      expect(screen.getByLabelText(m.title)).toBeInTheDocument();
    },
    editing: (snapshot) => {
      const { context } = snapshot;
      const errors = tutorFieldErrors(context);
      for (const name of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
        expect(field(name)).toHaveValue(context[name]);
        const error = errors[name];
        if (error) expect(field(name)).toHaveAccessibleDescription(error);
        else expect(field(name)).not.toHaveAccessibleDescription();
      }
      expect(alerts()).toEqual(context.error ? [context.error] : []);
      if (snapshot.can({ type: 'details.submit' })) expect(buttonNamed(m.submit)).toBeEnabled();
      else expect(buttonNamed(m.submit)).toBeDisabled();
    },
    registering: () => {
      expect(buttonNamed(m.submit)).toBeDisabled();
      expect(field('pan')).toHaveAttribute('readonly');
    },
    kycLinkSent: () => {
      expect(screen.getByText(messages.payeeLookup.kycLinkSent)).toBeInTheDocument();
    },
    kycDone: () => {
      expect(screen.getByText(messages.payeeLookup.kycDone)).toBeInTheDocument();
    },
    // On to the amount or back (the machine layer checks where).
    leaving: null,
  },
};

export const tutorDetailsPathModel: PathModel<typeof tutorDetailsMachine, World> = {
  name: 'tutorDetails',
  machine: tutorDetailsMachine,
  world: () => ({ pending: fakeActor(), register: fakeActor(), navigations: [], payees: [] }),
  provide: (world) =>
    tutorDetailsMachine.provide({
      actors: { readPending: world.pending.logic, registerTutor: world.register.logic },
      actions: {
        navigate: (_, params) => void world.navigations.push(params),
        storePayee: (_, p) => void world.payees.push(p),
      },
    }),
  events: tutorDetailsEvents,
  ui: tutorDetailsScreen,
  internal: {
    'xstate.done.actor.readPending': doneCases<World, StoredPending>(
      'readPending',
      // Nothing kept; an amount over ₹50,000 (D11); the tutor's phone and a payable amount.
      [{ amount: null, tutorPhone: null }, { ...PENDING, amount: 6_000_000 }, PENDING],
      (w) => w.pending,
    ),
    'xstate.error.actor.readPending': errorCases<World>(
      'readPending',
      [new Error('storage')],
      (w) => w.pending,
    ),
    'xstate.done.actor.registerTutor': doneCases<World, PayeeFacts>(
      'registerTutor',
      Object.values(registered) as [PayeeFacts, ...PayeeFacts[]],
      (w) => w.register,
    ),
    'xstate.error.actor.registerTutor': errorCases<World>(
      'registerTutor',
      [
        { kind: 'http', status: 401, message: null },
        panRefused,
        { kind: 'http', status: 500, message: null },
      ],
      (w) => w.register,
    ),
  },
  states: {
    loading: (snapshot, run) => {
      stayed(run);
      assert.ok(snapshot.hasTag('loading'));
    },
    editing: (snapshot, run) => {
      stayed(run);
      const { firstName, lastName, pan, error } = snapshot.context;
      assert.deepEqual(snapshot.context.pending, PENDING);
      assert.equal(
        snapshot.can({ type: 'details.submit' }),
        firstName === 'Vikram' && lastName === 'Rao' && pan === 'ABCPV1234K',
      );
      assert.ok(
        [
          null,
          panRefused.message,
          messages.generic.registrationFailed,
          messages.roles.payeeIsStudent,
        ].includes(error),
      );
    },
    registering: (snapshot, run) => {
      stayed(run);
      assert.equal(snapshot.can({ type: 'details.submit' }), false);
      assert.deepEqual(run.world.register.last().input, {
        firstName: 'Vikram',
        lastName: 'Rao',
        pan: 'ABCPV1234K',
        phone: TUTOR_PHONE,
        amount: 200_000,
      });
    },
    kycLinkSent: (snapshot, run) => {
      stayed(run);
      assert.equal(snapshot.context.tutor, registered.invited);
    },
    kycDone: (snapshot, run) => {
      stayed(run);
      assert.equal(snapshot.context.tutor, registered.submitted);
    },
    leaving: (snapshot, { world }) => {
      assert.equal(world.navigations.length, 1);
      const to = world.navigations[0]?.to;
      if (snapshot.context.pending === null) {
        assert.equal(to, '/pay/payment-details');
        return;
      }
      const tutor = snapshot.context.tutor;
      if (tutor === null) {
        assert.equal(to, '/student/login', 'left without registering: the session ended');
        return;
      }
      if (searchOutcome({ kind: 'found', payee: tutor }) === 'review') {
        assert.equal(to, '/pay/review');
        assert.deepEqual(world.payees, [
          {
            amount: 200_000,
            payeeId: 8,
            tutorName: 'Asha Verma',
            tutorPhone: TUTOR_PHONE,
            verified: true,
            session: null,
          },
        ]);
      } else {
        assert.equal(to, '/pay/payment-details', 'after the KYC dialog');
      }
    },
  },
};
