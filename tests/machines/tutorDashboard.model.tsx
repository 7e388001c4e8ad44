// Path model of the tutorDashboard machine, shared by its vitest suite and
// scripts/path-coverage.ts. It starts with the showDialog flag set, so closing is reachable.
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { tutorDashboardMachine } from '../../machines/tutorDashboard/tutorDashboard.machine';
import { PRODUCT_NAME, messages } from '../../src/domain/messages';
import { KycCard, KycDoneDialog } from '../../src/ui/routes/tutor/dashboard/TutorDashboardPage';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { clickOn, queryButton } from '../support/uiPaths';
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

const ok = messages.tutorDashboard.ok;

/** The dashboard's head: the KYC card, and the congratulations dialog while it is open. */
export const tutorDashboardScreen: UiLayer<typeof tutorDashboardMachine, TutorDashboardWorld> = {
  view: ({ actor }) => (
    <>
      <KycCard actor={actor} />
      <KycDoneDialog actor={actor} />
    </>
  ),
  gestures: {
    'dialog.close': (_, ui) => clickOn(queryButton(ok), ui),
  },
  screens: {
    active: (snapshot) => {
      expect(
        screen.getByRole('region', { name: messages.tutorDashboard.kycTitle }),
      ).toHaveTextContent(messages.aadhaar.startAccepting(PRODUCT_NAME));
      if (snapshot.context.dialogOpen) expect(screen.getByRole('dialog')).toBeInTheDocument();
      else expect(screen.queryByRole('dialog')).toBeNull();
    },
  },
};

export const tutorDashboardPathModel: PathModel<typeof tutorDashboardMachine, TutorDashboardWorld> =
  {
    name: 'tutorDashboard',
    machine: tutorDashboardMachine,
    inputs: [{ profile: APPROVED_TUTOR, showDialog: true }],
    world: tutorDashboardWorld,
    provide: provideTutorDashboard,
    events: tutorDashboardEvents,
    ui: tutorDashboardScreen,
    states: {
      active: ({ context }, { world }) => {
        assert.equal(context.name, 'Asha Verma');
        assert.equal(context.kyc, 'accepting');
        // Closed exactly when its flag was cleared, once.
        assert.equal(world.flagsCleared, context.dialogOpen ? 0 : 1);
      },
    },
  };
