// Path model of the planEditor machine (the Students tab's fee plans, D145, D152, D233-D235,
// D243), walked on the machine and through its form (PlanEditorForm). The list's 'Change'
// button, and the tutor's students arriving from their own list, are stood in for by buttons
// beside the form.
import assert from 'node:assert/strict';
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  buildPlanSave,
  fieldFixed,
  meantBatches,
  planEditorMachine,
  reachesNoOne,
  shownPlanErrors,
  type PlanField,
  type PlanSave,
  type PlanShown,
  type StudentChoice,
} from '../../machines/planEditor/planEditor.machine';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { PlanEditorForm } from '../../src/ui/routes/tutor/dashboard/students/FeePlans';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, expectFieldError, queryButton, typeInto } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const t = studentsTexts.planEditor;
const TODAY = '2025-01-15';
const PLAN: PlanShown = {
  id: 7,
  name: 'Class 10 monthly',
  kind: 'monthly',
  student_id: null,
  student_name: null,
  batch: 'Class 10 Maths',
  students: 2,
  amount: 2000,
  due_day: 5,
  start_month: '2025-01',
  end_month: null,
  due_date: null,
  instalments: null,
  partial_minimum: null,
  reminder_days: [-3, 0, 3, 7],
  ended_at: null,
};
/** Two of the tutor's students, in 'class 10 maths' written two ways. */
const STUDENTS: StudentChoice[] = [
  { id: 3, name: 'Aarav Sharma', batch: 'Class 10 Maths' },
  { id: 4, name: 'Diya Patel', batch: 'class 10  maths' },
];
const STUDENTS_ARRIVE = 'The students arrive';

export interface PlanEditorWorld {
  save: FakeCall<{ name: string; students: number }, PlanSave>;
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
    // A typo of a batch two students are in (D234): the editor asks before saving.
    { type: 'plan.change', field: 'batch', value: 'Class 10 Math' },
    // The batch it meant, taken from the question.
    { type: 'plan.change', field: 'batch', value: 'Class 10 Maths' },
    // D233: rupees and paise, kept as typed; '25oo' is refused at the field, not read as 25.
    { type: 'plan.change', field: 'amount', value: '1200.50' },
    { type: 'plan.change', field: 'amount', value: '25oo' },
    { type: 'plan.change', field: 'kind', value: 'instalments' },
  ],
  'plan.part.add': [{ type: 'plan.part.add' }],
  'plan.part.remove': [{ type: 'plan.part.remove', index: 0 }],
  // Two dated parts make an instalment plan that can be sent.
  'plan.part.change': [
    { type: 'plan.part.change', index: 0, field: 'amount', value: '1000' },
    { type: 'plan.part.change', index: 0, field: 'due_date', value: '2025-02-01' },
    { type: 'plan.part.change', index: 1, field: 'amount', value: '1500.75' },
    { type: 'plan.part.change', index: 1, field: 'due_date', value: '2025-03-01' },
  ],
  'plan.edit': [{ type: 'plan.edit', plan: PLAN }],
  'plan.new': [{ type: 'plan.new' }],
  'plan.students': [{ type: 'plan.students', students: STUDENTS }],
  'plan.submit': [{ type: 'plan.submit' }],
  'plan.confirm': [{ type: 'plan.confirm' }],
  'plan.back': [{ type: 'plan.back' }],
} satisfies EventFixtures<typeof planEditorMachine, PlanEditorWorld>;

const textbox = (label: string) => screen.getByRole<HTMLInputElement>('textbox', { name: label });
/** The batch field offers the batches the tutor has (a datalist): a combobox. */
const batchBox = () => screen.getByRole<HTMLInputElement>('combobox', { name: t.fields.batch });
const CHANGE_BUTTON = `${t.change}: ${PLAN.name}`;
const TEXT_FIELDS: PlanField[] = ['name', 'batch', 'amount', 'partial_minimum', 'reminder_days'];

export const planEditorScreen: UiLayer<typeof planEditorMachine, PlanEditorWorld> = {
  view: ({ actor }) => (
    <>
      <button type="button" onClick={() => actor.send({ type: 'plan.edit', plan: PLAN })}>
        {CHANGE_BUTTON}
      </button>
      <button
        type="button"
        onClick={() => actor.send({ type: 'plan.students', students: STUDENTS })}
      >
        {STUDENTS_ARRIVE}
      </button>
      <PlanEditorForm actor={actor as never} />
    </>
  ),
  gestures: {
    'plan.change': ({ field, value }, ui) => {
      if (field === 'kind') {
        return ui.user.selectOptions(screen.getByRole('combobox', { name: t.fields.kind }), value);
      }
      const offered = queryButton(t.useBatch(value, 2));
      if (offered) return clickOn(offered, ui);
      return typeInto(
        field === 'batch' ? batchBox() : textbox(t.fields[field as 'name']),
        value,
        ui,
      );
    },
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
    'plan.students': (_, ui) => clickOn(buttonNamed(STUDENTS_ARRIVE), ui),
    'plan.submit': (_, ui) => clickOn(queryButton(t.create) ?? queryButton(t.save), ui),
    'plan.confirm': (_, ui) => clickOn(buttonNamed(t.saveAnyway), ui),
    'plan.back': (_, ui) => clickOn(buttonNamed(t.goBack), ui),
  },
  screens: {
    editing: ({ context }) => {
      const title = context.editing ? t.changeTitle(context.editing.name) : t.newTitle;
      expect(screen.getByRole('form', { name: title })).toBeInTheDocument();
      expect(textbox(t.fields.name)).toHaveValue(context.form.name);
      // D243: each field's problem at that field, all at once.
      const errors = shownPlanErrors(context);
      for (const field of TEXT_FIELDS) {
        const box = screen.queryByRole<HTMLInputElement>(
          field === 'batch' ? 'combobox' : 'textbox',
          {
            name: t.fields[field],
          },
        );
        if (box) expectFieldError(box, errors[field] ?? null);
      }
      expect(screen.queryByRole('alert')).toBeNull();
      const saved = context.saved;
      expect(screen.getByRole('status')).toHaveTextContent(
        saved ? (saved.students === 0 ? t.savedNoStudents(saved.name) : t.saved(saved.name)) : '',
      );
      expect(screen.queryAllByRole('textbox', { name: /^Part \d amount/ })).toHaveLength(
        context.form.kind === 'instalments' ? context.form.parts.length : 0,
      );
    },
    confirmingEmpty: ({ context }) => {
      const question = screen.getByRole('alert');
      expect(question).toHaveTextContent(t.emptyQuestion(context.form.batch.trim()));
      // The batch the typo meant is offered, with how many students it has.
      for (const b of meantBatches(context)) {
        expect(buttonNamed(t.useBatch(b.batch, b.students))).toBeInTheDocument();
      }
      expect(queryButton(t.create)).toBeNull();
    },
    saving: ({ context }) => {
      expect(buttonNamed(context.editing ? t.save : t.create)).toHaveAttribute(
        'data-loading',
        'true',
      );
    },
    failed: ({ context }) => {
      // The duplicate name shows at the name field; a network failure above the button.
      if (context.errorField === 'name') {
        expectFieldError(textbox(t.fields.name), context.error);
      } else expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
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
  // only while changing one; the students arrive once.
  possible: (snapshot, event) => {
    const { editing, form, students } = snapshot.context;
    const e = event as { type: string; field?: string };
    if (e.type === 'plan.students') return students === null;
    if (e.type === 'plan.change') {
      const value = (event as { value?: string }).value;
      const meant = meantBatches(snapshot.context).some((b) => b.batch === value);
      // In the question only a batch it offers; elsewhere the typed ones.
      if (snapshot.matches('confirmingEmpty')) return e.field === 'batch' && meant;
      if (e.field === 'batch' && value === 'Class 10 Maths') return false;
      return !fieldFixed(snapshot.context, e.field as PlanField);
    }
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
      [{ name: 'Maths', students: 2 }],
      (w: PlanEditorWorld) => w.save,
    ),
    'xstate.error.actor.savePlan': errorFixture(
      'savePlan',
      [{ ...http(409, studentsTexts.plans.duplicate('Maths')), field: 'name' }, http(401), offline],
      (w: PlanEditorWorld) => w.save,
    ),
  },
  states: {
    editing: ({ context }) => {
      assert.equal(context.error, null);
      assert.equal(context.today, TODAY);
    },
    confirmingEmpty: ({ context }) => {
      // Only a valid plan for a batch no current student is in asks.
      assert.ok(buildPlanSave(context).ok);
      assert.ok(reachesNoOne(context));
    },
    saving: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      // Only a plan without a problem is sent, as the domain's rules build it.
      const built = buildPlanSave(snapshot.context);
      assert.ok(built.ok);
      assert.deepEqual(world.save.last().input, built.save);
      if (snapshot.context.editing) assert.equal(world.save.last().input.id, PLAN.id);
      else {
        assert.equal(world.save.last().input.id, null);
        // D233: '1200.50' is sent as ₹1,200.50, never as 120050.
        const body = world.save.last().input.body as { amount?: number | null };
        if (snapshot.context.form.amount === '1200.50') assert.equal(body.amount, 1200.5);
      }
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
