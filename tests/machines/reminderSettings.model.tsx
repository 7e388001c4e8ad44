// Path model of the reminderSettings machine (the Dues tab's reminder settings, D151), walked
// on the machine and through its form (ReminderSettingsForm).
import assert from 'node:assert/strict';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import {
  reminderSettingsMachine,
  settingsChanged,
  type ReminderSettings,
} from '../../machines/reminderSettings/reminderSettings.machine';
import { messages } from '../../src/domain/messages';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { ReminderSettingsForm } from '../../src/ui/routes/tutor/dashboard/dues/ReminderSettingsForm';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

const t = studentsTexts.duesTab.settings;
const DEFAULTS: ReminderSettings = { automatic: true, channel: 'whatsapp' };

export interface ReminderSettingsWorld {
  fetch: FakeCall<ReminderSettings, void>;
  save: FakeCall<ReminderSettings, ReminderSettings>;
}

export const reminderSettingsWorld = (): ReminderSettingsWorld => ({
  fetch: fakeCall(),
  save: fakeCall(),
});

export const provideReminderSettings = (w: ReminderSettingsWorld) =>
  reminderSettingsMachine.provide({
    actors: { fetchSettings: w.fetch.logic, saveSettings: w.save.logic },
  });

export const reminderSettingsEvents = {
  'settings.change': [
    { type: 'settings.change', channel: 'sms' },
    { type: 'settings.change', automatic: false },
  ],
  'settings.save': [{ type: 'settings.save' }],
  'settings.retry': [{ type: 'settings.retry' }],
} satisfies EventFixtures<typeof reminderSettingsMachine, ReminderSettingsWorld>;

// The switch's name is its label and the hint beneath it (both inside its <label>).
const automaticSwitch = () =>
  screen.getByRole<HTMLInputElement>('switch', { name: (name) => name.startsWith(t.automatic) });
const channelRadio = (channel: ReminderSettings['channel']) =>
  screen.getByRole<HTMLInputElement>('radio', { name: t.channels[channel] });

export const reminderSettingsScreen: UiLayer<
  typeof reminderSettingsMachine,
  ReminderSettingsWorld
> = {
  view: ({ actor }) => <ReminderSettingsForm actor={actor} />,
  gestures: {
    'settings.change': (event, ui) =>
      event.channel !== undefined
        ? clickOn(channelRadio(event.channel), ui)
        : clickOn(automaticSwitch(), ui),
    'settings.save': (_, ui) => clickOn(buttonNamed(t.save), ui),
    'settings.retry': (_, ui) => clickOn(buttonNamed(t.retry), ui),
  },
  screens: {
    loading: () => {
      expect(screen.queryByRole('switch')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    loadFailed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
      expect(screen.queryByRole('switch')).toBeNull();
    },
    ready: ({ context }) => {
      const draft = context.draft!;
      expect(automaticSwitch().checked).toBe(draft.automatic);
      expect(channelRadio(draft.channel)).toBeChecked();
      expect(screen.getByRole('status')).toHaveTextContent(context.justSaved ? t.saved : '');
      if (settingsChanged(context)) expect(buttonNamed(t.save)).toBeEnabled();
      else expect(buttonNamed(t.save)).toBeDisabled();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    saving: () => {
      expect(buttonNamed(t.save)).toHaveAttribute('data-loading', 'true');
    },
    failed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
      expect(buttonNamed(t.save)).toBeEnabled();
    },
    unauthorized: null,
  },
};

export const reminderSettingsPathModel: PathModel<
  typeof reminderSettingsMachine,
  ReminderSettingsWorld
> = {
  name: 'reminderSettings',
  machine: reminderSettingsMachine,
  world: reminderSettingsWorld,
  provide: provideReminderSettings,
  events: reminderSettingsEvents,
  ui: reminderSettingsScreen,
  // A click changes the form; the save button is off while nothing changed.
  possible: (snapshot, event) => {
    const draft = snapshot.context.draft;
    if (event.type === 'settings.change') {
      const change = event as { automatic?: boolean; channel?: string };
      return (
        draft !== null &&
        ((change.automatic !== undefined && change.automatic !== draft.automatic) ||
          (change.channel !== undefined && change.channel !== draft.channel))
      );
    }
    if (event.type === 'settings.save') return settingsChanged(snapshot.context);
    return true;
  },
  internal: {
    'xstate.done.actor.fetchSettings': doneFixture(
      'fetchSettings',
      [DEFAULTS],
      (w: ReminderSettingsWorld) => w.fetch,
    ),
    'xstate.error.actor.fetchSettings': errorFixture(
      'fetchSettings',
      [offline, http(401)],
      (w: ReminderSettingsWorld) => w.fetch,
    ),
    'xstate.done.actor.saveSettings': doneFixture(
      'saveSettings',
      [{ automatic: true, channel: 'sms' }],
      (w: ReminderSettingsWorld) => w.save,
    ),
    'xstate.error.actor.saveSettings': errorFixture(
      'saveSettings',
      [http(400, 'Choose WhatsApp or SMS'), http(401), offline],
      (w: ReminderSettingsWorld) => w.save,
    ),
  },
  states: {
    loading: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.ok(world.fetch.calls.length >= 1);
    },
    loadFailed: (snapshot) => {
      assert.ok(snapshot.hasTag('error'));
      assert.equal(snapshot.context.error, messages.generic.network);
    },
    ready: ({ context }) => {
      assert.ok(context.saved && context.draft);
      assert.equal(context.error, null);
    },
    saving: (snapshot, { world }) => {
      // What is sent is the form as the tutor left it, never the unchanged settings.
      assert.deepEqual(world.save.last().input, snapshot.context.draft);
      assert.notDeepEqual(world.save.last().input, snapshot.context.saved);
    },
    failed: ({ context }) => {
      assert.ok(['Choose WhatsApp or SMS', messages.generic.network].includes(context.error ?? ''));
      assert.ok(settingsChanged(context));
    },
    unauthorized: (snapshot) => assert.equal(snapshot.status, 'done'),
  },
};
