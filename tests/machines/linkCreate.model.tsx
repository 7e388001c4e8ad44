// Path model of the linkCreate machine (the dashboard's "Create a payment link", D19), shared by
// its vitest suite and scripts/path-coverage.ts. It starts with the amount typed, so one field
// change (the purpose) makes the form valid.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { linkCreateMachine, shownLinkErrors } from '../../machines/linkCreate/linkCreate.machine';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { messages } from '../../src/domain/messages';
import type { LinkRequest, TutorLink } from '../../machines/linkCreate/linkForm';
import { CreateLinkView } from '../../src/ui/routes/tutor/dashboard/links/LinksPanel';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, expectFieldError, queryButton, typeInto } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export const TODAY = '2025-01-15';

export const CREATED_LINK: TutorLink = {
  id: 'lnk_8fK2mQ7xT1vZ9cW3',
  url: 'https://tuitionpay.example/payment-link/lnk_8fK2mQ7xT1vZ9cW3',
  amount: 50_000,
  purpose: 'Trial class',
  status: 'ACTIVE',
  student_phone: null,
  expires_at: '2025-02-14T23:59:59+05:30',
  created_at: '2025-01-15T10:00:00+05:30',
  order_id: null,
  paid_at: null,
};

export const KYC_REFUSAL = 'Complete your KYC before creating payment links.';

export interface LinkCreateWorld {
  create: FakeCall<TutorLink, LinkRequest>;
  created: number;
}

export const linkCreateWorld = (): LinkCreateWorld => ({ create: fakeCall(), created: 0 });

export const provideLinkCreate = (w: LinkCreateWorld) =>
  linkCreateMachine.provide({
    actors: { createLink: w.create.logic },
    actions: { created: () => void (w.created += 1) },
  });

export const linkCreateEvents = {
  'field.change': [
    { type: 'field.change', field: 'purpose', value: 'Trial class' },
    // Ten digits that are not a mobile number.
    { type: 'field.change', field: 'phone', value: '1234567890' },
  ],
  'link.submit': [{ type: 'link.submit' }],
  'link.another': [{ type: 'link.another' }],
} satisfies EventFixtures<typeof linkCreateMachine, LinkCreateWorld>;

const t = dashboardTexts.tutor.links;
const LABELS = { amount: t.amount, purpose: t.purpose, phone: t.studentPhone } as const;
const field = (name: keyof typeof LABELS) => screen.queryByLabelText(LABELS[name]);

/** The links tab's 'Create a payment link' card. */
export const linkCreateScreen: UiLayer<typeof linkCreateMachine, LinkCreateWorld> = {
  view: ({ actor }) => <CreateLinkView actor={actor} />,
  gestures: {
    'field.change': (event, ui) =>
      typeInto(field(event.field as keyof typeof LABELS), event.value, ui),
    'link.submit': (_, ui) => clickOn(queryButton(t.create), ui),
    'link.another': (_, ui) => clickOn(queryButton(t.another), ui),
  },
  screens: {
    editing: (snapshot) => {
      const { form } = snapshot.context;
      const errors = shownLinkErrors(snapshot);
      for (const name of ['amount', 'purpose', 'phone'] as const) {
        expect(field(name)).toHaveValue(form[name]);
        expectFieldError(field(name), errors[name]);
      }
      expect(screen.queryByRole('alert')).toBeNull();
    },
    creating: () => {
      expect(buttonNamed(t.create)).toHaveAttribute('data-loading', 'true');
    },
    created: () => {
      expect(screen.getByRole('status')).toHaveTextContent(t.created);
      expect(screen.getByText(CREATED_LINK.url)).toBeInTheDocument();
    },
    failed: (snapshot) => {
      expect(screen.getByRole('alert')).toHaveTextContent(snapshot.context.error!);
      expect(buttonNamed(t.create)).toBeEnabled();
    },
    // The session ends (the tab's useEndSessionWhen; the machine layer checks the state).
    unauthorized: null,
  },
};

export const linkCreatePathModel: PathModel<typeof linkCreateMachine, LinkCreateWorld> = {
  name: 'linkCreate',
  machine: linkCreateMachine,
  inputs: [{ today: TODAY, form: { amount: '500' } }],
  world: linkCreateWorld,
  provide: provideLinkCreate,
  events: linkCreateEvents,
  ui: linkCreateScreen,
  internal: {
    'xstate.done.actor.createLink': doneFixture(
      'createLink',
      [CREATED_LINK],
      (w: LinkCreateWorld) => w.create,
    ),
    'xstate.error.actor.createLink': errorFixture(
      'createLink',
      [http(401), http(403, KYC_REFUSAL), offline],
      (w: LinkCreateWorld) => w.create,
    ),
  },
  states: {
    editing: (snapshot, { world }) => {
      const { context } = snapshot;
      const errors = shownLinkErrors(snapshot);
      // Spec §5: a phone that is not a mobile number is flagged as typed, before Create; the
      // other fields only once Create was pressed.
      assert.equal(
        errors.phone ?? null,
        context.form.phone === '1234567890' ? messages.validation.phone : null,
      );
      assert.equal('purpose' in errors, context.showErrors && context.form.purpose === '');
      assert.equal(context.link, null);
      assert.equal(context.error, null);
      // A new form after a created link: the default expiry, 30 days on (D19).
      assert.equal(context.form.expiry, '2025-02-14');
      // The list reloads once per link created, never for a refusal.
      assert.ok(world.created <= 1);
    },
    creating: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.deepEqual(world.create.last().input, {
        amount: 50_000,
        purpose: 'Trial class',
        expires_at: '2025-02-14T23:59:59+05:30',
      });
    },
    created: ({ context }, { world }) => {
      assert.deepEqual(context.link, CREATED_LINK);
      assert.equal(world.created, 1);
    },
    failed: (snapshot) => {
      assert.ok(snapshot.hasTag('error'));
      assert.ok(
        [KYC_REFUSAL, 'You seem to be offline. Check your connection and try again.'].includes(
          snapshot.context.error ?? '',
        ),
      );
    },
    unauthorized: (snapshot, { world }) => {
      assert.equal(snapshot.status, 'done');
      assert.equal(world.created, 0);
    },
  },
};
