// Path model of the personalDetails machine (the form both sign-ups share), walked on the
// machine and through its view: in the student's words for the student's inputs (a draft is
// kept), in the tutor's for the tutor's (none is).
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { personalVisibleErrors, type PersonalField } from '../../machines/personalDetails/form';
import {
  personalDetailsMachine,
  type OnboardInput,
  type OnboardOutput,
  type PersonalDetailsContext,
  type PersonalDetailsInput,
  type PersonalDraft,
} from '../../machines/personalDetails/personalDetails.machine';
import { messages } from '../../src/domain/messages';
import { NOTICE_VERSION } from '../../src/domain/privacy';
import { privacyTexts } from '../../src/domain/privacyTexts';
import { apiMessages } from '../../src/domain/apiMessages';
import {
  PersonalDetailsForm,
  type PersonalDetailsTexts,
} from '../../src/ui/components/PersonalDetailsForm';
import { studentDetailsTexts } from '../../src/ui/routes/student/StudentSignupFlow';
import { tutorDetailsTexts } from '../../src/ui/routes/tutor/signup/PersonalDetailsStep';
import type { PathModel, UiLayer } from '../support/paths';
import {
  buttonNamed,
  clickOn,
  expectFieldError,
  leave,
  queryButton,
  typeInto,
} from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, type FakeCall } from './loginFakes';
import { PAN, personalDetailsEvents } from './personalDetails.events';

export interface DetailsWorld {
  onboard: FakeCall<OnboardOutput, OnboardInput>;
  drafts: PersonalDraft[];
}

export const detailsWorld = (): DetailsWorld => ({ onboard: fakeCall(), drafts: [] });

export const provideDetails = (w: DetailsWorld) =>
  personalDetailsMachine.provide({
    actors: { onboard: w.onboard.logic },
    actions: { saveDraft: (_, draft) => void w.drafts.push(draft) },
  });

export const PHONE = '9876543210';
const blank = { firstName: '', lastName: '', pan: '', namesLocked: false };
/** A new student, a student with a PAN on file, a new tutor, a tutor whose PAN is verified. */
export const DETAILS_INPUTS: PersonalDetailsInput[] = [
  { ...blank, phone: PHONE, panRequired: true, keepsDraft: true },
  { ...blank, phone: PHONE, panRequired: false, keepsDraft: true },
  { ...blank, phone: PHONE, panRequired: true, keepsDraft: false },
  {
    phone: PHONE,
    firstName: 'Rohan',
    lastName: 'Mehta',
    pan: PAN,
    panRequired: false,
    namesLocked: true,
    keepsDraft: false,
  },
];

/** The student's form keeps a draft; the tutor's step 1 does not (D16). */
const isStudent = (context: PersonalDetailsContext) => context.keepsDraft;
const textsOf = (context: PersonalDetailsContext): PersonalDetailsTexts =>
  isStudent(context) ? studentDetailsTexts() : tutorDetailsTexts();

const LABELS = (t: PersonalDetailsTexts): Record<PersonalField, string> => ({
  firstName: t.firstName,
  lastName: t.lastName,
  pan: t.pan,
});
const field = (context: PersonalDetailsContext, name: PersonalField) =>
  screen.queryByRole<HTMLInputElement>('textbox', {
    name: new RegExp(`^${LABELS(textsOf(context))[name]}`),
  });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const consentBox = () =>
  screen.queryByRole<HTMLInputElement>('checkbox', { name: privacyTexts.notice.agree });

/** The form as the student or the tutor sees it. */
export const personalDetailsScreen: UiLayer<typeof personalDetailsMachine, DetailsWorld> = {
  view: ({ actor }) => {
    const { context } = actor.getSnapshot();
    return (
      <PersonalDetailsForm
        details={actor}
        texts={textsOf(context)}
        panOnFile={isStudent(context) ? 'hidden' : 'shown'}
      />
    );
  },
  // The notice loads after the form (D328): in before any gesture, where the form asks it.
  ready: ({ actor }) => {
    const context = (actor.getSnapshot() as { context: PersonalDetailsContext }).context;
    if (!(context.namesLocked && !context.panRequired)) expect(consentBox()).toBeInTheDocument();
  },
  gestures: {
    'details.change': ({ field: name, value }, ui) =>
      typeInto(field(ui.actor.getSnapshot().context, name), value, ui),
    'details.blur': ({ field: name }, ui) => leave(field(ui.actor.getSnapshot().context, name), ui),
    // The box is clicked only to change it; ticked already, there is nothing to do.
    'consent.toggle': ({ value }, ui) => {
      const box = consentBox();
      return !box || box.checked === value ? Promise.resolve('blocked' as const) : clickOn(box, ui);
    },
    'details.submit': (_, ui) =>
      clickOn(queryButton(textsOf(ui.actor.getSnapshot().context).submit), ui),
  },
  screens: {
    editing: ({ context }) => {
      const texts = textsOf(context);
      const errors = personalVisibleErrors(context);
      const verified = context.namesLocked && !context.panRequired;
      expect(screen.getByText(verified ? texts.verified! : texts.intro)).toBeInTheDocument();
      for (const name of ['firstName', 'lastName', 'pan'] as const) {
        const shown = name !== 'pan' || context.panRequired || !isStudent(context);
        if (!shown) {
          expect(field(context, name)).not.toBeInTheDocument();
          continue;
        }
        expect(field(context, name)).toHaveValue(context[name]);
        expectFieldError(field(context, name), errors[name]);
        const locked = name === 'pan' ? !context.panRequired : context.namesLocked;
        if (locked) expect(field(context, name)).toHaveAttribute('readonly');
        else expect(field(context, name)).not.toHaveAttribute('readonly');
      }
      if (context.notice) expect(screen.getByRole('status')).toHaveTextContent(context.notice);
      else expect(screen.queryByRole('status')).not.toBeInTheDocument();
      // D319: the notice and its box wherever the form sends something.
      if (verified) expect(consentBox()).not.toBeInTheDocument();
      else {
        expect(screen.getByText(privacyTexts.notice.title)).toBeInTheDocument();
        if (context.consented) expect(consentBox()).toBeChecked();
        else expect(consentBox()).not.toBeChecked();
      }
    },
    'editing.idle': () => expect(alerts()).toEqual([]),
    'editing.failed': ({ context }) => expect(alerts()).toEqual([context.error]),
    submitting: ({ context }) => {
      expect(buttonNamed(textsOf(context).submit)).toBeDisabled();
      expect(field(context, 'firstName')).toHaveAttribute('readonly');
    },
    // The sign-up takes over (the machine layer checks the output).
    saved: null,
    unauthorized: null,
  },
};

export const personalDetailsPathModel: PathModel<typeof personalDetailsMachine, DetailsWorld> = {
  name: 'personalDetails',
  machine: personalDetailsMachine,
  inputs: DETAILS_INPUTS,
  world: detailsWorld,
  provide: provideDetails,
  events: personalDetailsEvents,
  ui: personalDetailsScreen,
  internal: {
    'xstate.done.actor.onboard': doneFixture(
      'onboard',
      [{ pan: PAN }, { pan: null }],
      (w: DetailsWorld) => w.onboard,
    ),
    'xstate.error.actor.onboard': errorFixture(
      'onboard',
      [
        http(400, apiMessages.identity.panNameMismatch),
        http(409, apiMessages.identity.panLocked),
        http(401),
        http(500),
      ],
      (w: DetailsWorld) => w.onboard,
    ),
  },
  states: {
    editing: ({ context }, { world }) => {
      assert.equal(context.phone, PHONE);
      assert.match(context.pan, /^[A-Z0-9]{0,10}$/);
      // D16: every change of the student's form is its draft; the tutor's PAN is never kept.
      const last = world.drafts.at(-1);
      if (!context.keepsDraft) assert.deepEqual(world.drafts, []);
      else if (last) {
        const { firstName, lastName, pan } = context;
        assert.deepEqual(last, { firstName, lastName, pan });
      }
    },
    'editing.idle': ({ context }) => assert.equal(context.error, null),
    'editing.failed': ({ context }) =>
      assert.ok(
        (
          [
            apiMessages.identity.panNameMismatch,
            apiMessages.identity.panLocked,
            messages.generic.registrationFailed,
          ] as string[]
        ).includes(context.error ?? ''),
      ),
    submitting: (snapshot, { world }) => {
      const { context } = snapshot;
      assert.ok(snapshot.hasTag('loading'));
      // Names plus PAN, or names only while a PAN is on file (spec §5).
      assert.deepEqual(world.onboard.last().input, {
        phone: PHONE,
        first_name: 'Rohan',
        last_name: 'Mehta',
        ...(context.panRequired ? { pan: PAN } : {}),
        // D319: the notice agreed to goes with the names.
        notice_version: NOTICE_VERSION,
      });
      assert.equal(context.consented, true);
      assert.equal(snapshot.can({ type: 'details.submit' }), false);
    },
    saved: (snapshot, { world }) => {
      assert.equal(snapshot.status, 'done');
      const { firstName, lastName, pan } = snapshot.context;
      assert.deepEqual(snapshot.output, { result: 'saved', firstName, lastName, pan });
      // Verified already: nothing is sent (D29).
      if (world.onboard.calls.length === 0) assert.equal(snapshot.context.namesLocked, true);
    },
    unauthorized: (snapshot, { world }) => {
      assert.deepEqual(snapshot.output, { result: 'unauthorized' });
      assert.ok(world.onboard.calls.length >= 1);
    },
  },
};
