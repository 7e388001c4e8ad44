// Path model of the tutorDashboard machine, shared by its vitest suite and
// scripts/path-coverage.ts. It starts with the showDialog flag set, so closing is reachable.
import assert from 'node:assert/strict';
import { tutorDashboardMachine } from '../../machines/tutorDashboard/tutorDashboard.machine';
import type { EventFixtures, PathModel } from '../support/paths';
import { APPROVED_TUTOR } from './tutorProfiles';

export interface TutorDashboardWorld {
  flagsCleared: number;
}

export const tutorDashboardWorld = (): TutorDashboardWorld => ({ flagsCleared: 0 });

export const provideTutorDashboard = (w: TutorDashboardWorld) =>
  tutorDashboardMachine.provide({
    actions: { clearDialogFlag: () => void (w.flagsCleared += 1) },
  });

export const tutorDashboardEvents = {
  'dialog.close': [{ type: 'dialog.close' }],
} satisfies EventFixtures<typeof tutorDashboardMachine, TutorDashboardWorld>;

export const tutorDashboardPathModel: PathModel<typeof tutorDashboardMachine, TutorDashboardWorld> =
  {
    name: 'tutorDashboard',
    machine: tutorDashboardMachine,
    inputs: [{ profile: APPROVED_TUTOR, showDialog: true }],
    world: tutorDashboardWorld,
    provide: provideTutorDashboard,
    events: tutorDashboardEvents,
    states: {
      active: ({ context }, { world }) => {
        assert.equal(context.name, 'Asha Verma');
        assert.equal(context.kyc, 'accepting');
        // Closed exactly when its flag was cleared, once.
        assert.equal(world.flagsCleared, context.dialogOpen ? 0 : 1);
      },
    },
  };
