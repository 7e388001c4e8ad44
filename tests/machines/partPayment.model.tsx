// Path model of the partPayment machine ('My dues': a part of one tutor's dues, D153), walked
// on the machine and through its form (PartPaymentForm).
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  partError,
  partPaymentMachine,
  shownPartError,
} from '../../machines/partPayment/partPayment.machine';
import { parseRupeeInput } from '../../src/domain/money';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { PartPaymentForm } from '../../src/ui/routes/student/dashboard/MyDues';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, expectFieldError, typeInto } from '../support/uiPaths';

const t = studentsTexts.myDues;
const TUTOR = 'Asha Verma';

export interface PartPaymentWorld {
  chosen: number[];
}

export const partPaymentEvents = {
  'part.change': [
    // Below the plan's ₹500, a good part, more than the ₹2,000 owed.
    { type: 'part.change', value: '300' },
    { type: 'part.change', value: '₹800' },
    { type: 'part.change', value: '2500' },
  ],
  'part.submit': [{ type: 'part.submit' }],
} satisfies EventFixtures<typeof partPaymentMachine, PartPaymentWorld>;

const field = () =>
  screen.getByRole<HTMLInputElement>('textbox', {
    name: (name) => name.startsWith(t.partLabel),
  });

export const partPaymentScreen: UiLayer<typeof partPaymentMachine, PartPaymentWorld> = {
  view: ({ actor }) => <PartPaymentForm actor={actor as never} tutorName={TUTOR} />,
  gestures: {
    'part.change': ({ value }, ui) => typeInto(field(), value, ui),
    'part.submit': (_, ui) => clickOn(buttonNamed(t.payPart), ui),
  },
  screens: {
    editing: ({ context }) => {
      expect(field()).toHaveValue(context.text);
      expectFieldError(field(), shownPartError(context));
    },
  },
};

export const partPaymentPathModel: PathModel<typeof partPaymentMachine, PartPaymentWorld> = {
  name: 'partPayment',
  machine: partPaymentMachine,
  inputs: [{ minimum: 50_000, whole: 200_000 }],
  world: () => ({ chosen: [] }),
  provide: (w) =>
    partPaymentMachine.provide({ actions: { chosen: (_, paise) => void w.chosen.push(paise) } }),
  events: partPaymentEvents,
  ui: partPaymentScreen,
  states: {
    editing: ({ context }, { world }) => {
      // Only a part within the plan's minimum and what is owed is ever handed on.
      for (const paise of world.chosen) assert.ok(paise >= 50_000 && paise <= 200_000);
      if (context.showError) assert.notEqual(partError(context), null);
      if (world.chosen.length > 0) {
        assert.equal(world.chosen.at(-1), parseRupeeInput(context.text));
      }
    },
  },
};
