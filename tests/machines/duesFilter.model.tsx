// Path model of the duesFilter machine (which dues the Dues table shows, D239), walked on the
// machine and through its controls (DuesFilters).
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { duesFilterMachine, isFiltered } from '../../machines/duesFilter/duesFilter.machine';
import { batchesOf } from '../../src/domain/students';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { DuesFilters } from '../../src/ui/routes/tutor/dashboard/dues/DuesFilters';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, typeInto } from '../support/uiPaths';

const t = studentsTexts.duesTab.filters;
const BATCHES = batchesOf([{ batch: 'Class 10 Maths' }, { batch: 'Class 9' }]);

export const duesFilterEvents = {
  'filter.search': [{ type: 'filter.search', value: 'aarav' }],
  'filter.status': [{ type: 'filter.status', status: 'overdue' }],
  'filter.batch': [
    { type: 'filter.batch', batch: 'class10maths' },
    { type: 'filter.batch', batch: null },
  ],
  'filter.clear': [{ type: 'filter.clear' }],
} satisfies EventFixtures<typeof duesFilterMachine>;

const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });

export const duesFilterScreen: UiLayer<typeof duesFilterMachine, null> = {
  view: ({ actor }) => (
    <DuesFilters actor={actor as never} batches={BATCHES} shown={3} total={40} />
  ),
  gestures: {
    'filter.search': ({ value }, ui) =>
      typeInto(screen.getByRole('searchbox', { name: t.search }), value, ui),
    'filter.status': ({ status }, ui) => ui.user.selectOptions(select(t.status), status),
    'filter.batch': ({ batch }, ui) => ui.user.selectOptions(select(t.batch), batch ?? ''),
    'filter.clear': (_, ui) => clickOn(buttonNamed(t.showAll), ui),
  },
  screens: {
    filtering: ({ context }) => {
      expect(screen.getByRole('searchbox', { name: t.search })).toHaveValue(context.search);
      expect(select(t.status)).toHaveValue(context.status);
      expect(select(t.batch)).toHaveValue(context.batch ?? '');
      // How many of the month's dues show, once something narrows them; 'Show all' then.
      if (isFiltered(context)) {
        expect(screen.getByText(t.showing(3, 40))).toBeInTheDocument();
        expect(buttonNamed(t.showAll)).toBeInTheDocument();
      } else {
        expect(screen.queryByText(t.showing(3, 40))).toBeNull();
        expect(screen.queryByRole('button', { name: t.showAll })).toBeNull();
      }
    },
  },
};

export const duesFilterPathModel: PathModel<typeof duesFilterMachine, null> = {
  name: 'duesFilter',
  machine: duesFilterMachine,
  world: () => null,
  provide: () => duesFilterMachine,
  events: duesFilterEvents,
  ui: duesFilterScreen,
  // Each control offers only a change (the same value again is no event), and Show all shows
  // only when something narrows the table.
  possible: ({ context }, event) => {
    const e = event as { type: string; value?: string; status?: string; batch?: string | null };
    if (e.type === 'filter.clear') return isFiltered(context);
    if (e.type === 'filter.search') return context.search !== e.value;
    if (e.type === 'filter.status') return context.status !== e.status;
    if (e.type === 'filter.batch') return context.batch !== e.batch;
    return true;
  },
  states: {
    filtering: ({ context }) => {
      assert.ok(['all', 'overdue'].includes(context.status));
      assert.ok(context.batch === null || context.batch === 'class10maths');
    },
  },
};
