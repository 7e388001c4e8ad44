// Path model of the planEditor machine (the Students tab's fee plans, D145, D152), walked on
// the machine and through its form (PlanEditorForm). The list's 'Change' button is stood in for
// by one button beside the form.
import assert from 'node:assert/strict';
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  buildPlanSave,
  fieldFixed,
  planEditorMachine,
  shownPlanProblem,
  type PlanField,
  type PlanSave,
  type PlanShown,
} from '../../machines/planEditor/planEditor.machine';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { PlanEditorForm } from '../../src/ui/routes/tutor/dashboard/students/FeePlans';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, queryButton, typeInto } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const t = studentsTexts.planEditor;
const TODAY = '2025-01-15';
const PLAN: PlanShown = {
  id: 7,
  name: 'Class 10 monthly',
  kind: 'monthly',
  student_id: null,
  batch: 'Class 10',
  amount: 2000,
  due_day: 5,
  start_month: '2025-01',
  due_date: null,
  instalments: null,
  partial_minimum: null,
  reminder_days: [-3, 0, 3, 7],
  ended_at: null,
};
const STUDENTS = [{ id: 3, name: 'Aarav Sharma' }];

export interface PlanEditorWorld {
  save: FakeCall<{ name: string }, PlanSave>;
  saved: number;
}

export const planEditorWorld = (): PlanEditorWorld => ({ save: fakeCall(), saved: 0 });

export const providePlanEditor = (w: PlanEditorWorld) =>
  planEditorMachine.provide({
    actors: { savePlan: w.save.logic },
    actions: { saved: () => void (w.saved += 1) },
  });

export const planEditorEvents = {
  'plan.change': [
    { type: 'plan.change', field: 'name', value: 'Maths' },
    { type: 'plan.change', field: 'batch', value: 'Class 10' },
    // Kept as its digits.
    { type: 'plan.change', field: 'amount', value: '₹2,500' },
    { type: 'plan.change', field: 'kind', value: 'instalments' },
  ],
  'plan.part.add': [{ type: 'plan.part.add' }],
  'plan.part.remove': [{ type: 'plan.part.remove', index: 0 }],
  // Two dated parts make an instalment plan that can be sent.
  'plan.part.change': [
    { type: 'plan.part.change', index: 0, field: 'amount', value: '1000' },
    { type: 'plan.part.change', index: 0, field: 'due_date', value: '2025-02-01' },
    { type: 'plan.part.change', index: 1, field: 'amount', value: '1500' },
    { type: 'plan.part.change', index: 1, field: 'due_date', value: '2025-03-01' },
  ],
  'plan.edit': [{ type: 'plan.edit', plan: PLAN }],
  'plan.new': [{ type: 'plan.new' }],
  'plan.submit': [{ type: 'plan.submit' }],
} satisfies EventFixtures<typeof planEditorMachine, PlanEditorWorld>;

const textbox = (label: string) => screen.getByRole<HTMLInputElement>('textbox', { name: label });
const CHANGE_BUTTON = `${t.change}: ${PLAN.name}`;

export const planEditorScreen: UiLayer<typeof planEditorMachine, PlanEditorWorld> = {
  view: ({ actor }) => (
    <>
      <button type="button" onClick={() => actor.send({ type: 'plan.edit', plan: PLAN })}>
        {CHANGE_BUTTON}
      </button>
      <PlanEditorForm actor={actor as never} students={STUDENTS} />
    </>
  ),
  gestures: {
    'plan.change': ({ field, value }, ui) =>
      field === 'kind'
        ? ui.user.selectOptions(screen.getByRole('combobox', { name: t.fields.kind }), value)
        : typeInto(textbox(t.fields[field]), value, ui),
    'plan.part.add': (_, ui) => clickOn(buttonNamed(t.addPart), ui),
    'plan.part.remove': ({ index }, ui) => clickOn(buttonNamed(t.removePart(index + 1)), ui),
    'plan.part.change': ({ index, field, value }, ui) =>
      field === 'amount'
        ? typeInto(textbox(t.partAmount(index + 1)), value, ui)
        : Promise.resolve(
            void fireEvent.change(screen.getByLabelText(t.partDate(index + 1)), {
              target: { value },
            }),
          ),
    'plan.edit': (_, ui) => clickOn(buttonNamed(CHANGE_BUTTON), ui),
    'plan.new': (_, ui) => clickOn(queryButton(t.newPlan), ui),
    'plan.submit': (_, ui) => clickOn(queryButton(t.create) ?? queryButton(t.save), ui),
  },
  screens: {
    editing: ({ context }) => {
      const title = context.editing ? t.changeTitle(context.editing.name) : t.newTitle;
      expect(screen.getByRole('form', { name: title })).toBeInTheDocument();
      expect(textbox(t.fields.name)).toHaveValue(context.form.name);
      const problem = shownPlanProblem(context);
      if (problem) expect(screen.getByRole('alert')).toHaveTextContent(problem);
      else expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByRole('status')).toHaveTextContent(
        context.saved ? t.saved(context.saved) : '',
      );
      expect(screen.queryAllByRole('textbox', { name: /^Part \d amount/ })).toHaveLength(
        context.form.kind === 'instalments' ? context.form.parts.length : 0,
      );
    },
    saving: ({ context }) => {
      expect(buttonNamed(context.editing ? t.save : t.create)).toHaveAttribute(
        'data-loading',
        'true',
      );
    },
    failed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
    },
    unauthorized: null,
  },
};

export const planEditorPathModel: PathModel<typeof planEditorMachine, PlanEditorWorld> = {
  name: 'planEditor',
  machine: planEditorMachine,
  inputs: [{ today: TODAY }],
  world: planEditorWorld,
  provide: providePlanEditor,
  events: planEditorEvents,
  ui: planEditorScreen,
  // What the form offers: a plan's kind, batch and parts are fixed while changing it; parts
  // only for instalments (three at most here, to keep the walk small); 'New plan instead'
  // only while changing one.
  possible: (snapshot, event) => {
    const { editing, form } = snapshot.context;
    const e = event as { type: string; field?: string };
    if (e.type === 'plan.change') return !fieldFixed(snapshot.context, e.field as PlanField);
    if (e.type.startsWith('plan.part.')) {
      if (editing || form.kind !== 'instalments') return false;
      if (e.type === 'plan.part.add') return form.parts.length < 3;
      if (e.type === 'plan.part.change') {
        // A date picked again is no change (the browser sends none).
        const { index, field, value } = event as unknown as {
          index: number;
          field: 'due_date' | 'amount';
          value: string;
        };
        const part = form.parts[index];
        return part !== undefined && (field === 'amount' || part.due_date !== value);
      }
      return form.parts.length > 0;
    }
    if (e.type === 'plan.new') return editing !== null;
    return true;
  },
  internal: {
    'xstate.done.actor.savePlan': doneFixture(
      'savePlan',
      [{ name: 'Maths' }],
      (w: PlanEditorWorld) => w.save,
    ),
    'xstate.error.actor.savePlan': errorFixture(
      'savePlan',
      [http(409, studentsTexts.plans.duplicate('Maths')), http(401), offline],
      (w: PlanEditorWorld) => w.save,
    ),
  },
  states: {
    editing: ({ context }) => {
      assert.equal(context.error, null);
      assert.equal(context.today, TODAY);
    },
    saving: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      // Only a plan without a problem is sent, as the domain's rules build it.
      const built = buildPlanSave(snapshot.context);
      assert.ok(built.ok);
      assert.deepEqual(world.save.last().input, built.save);
      if (snapshot.context.editing) assert.equal(world.save.last().input.id, PLAN.id);
      else assert.equal(world.save.last().input.id, null);
    },
    failed: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('error'));
      assert.ok(
        ([studentsTexts.plans.duplicate('Maths'), messages.generic.network] as string[]).includes(
          snapshot.context.error ?? '',
        ),
      );
      assert.equal(world.saved, 0);
    },
    unauthorized: (snapshot, { world }) => {
      assert.equal(snapshot.status, 'done');
      assert.equal(world.saved, 0);
    },
  },
};
