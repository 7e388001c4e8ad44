// The tutor's reminder settings on the Dues tab (issue 14, D151): whether reminders go out on
// each plan's days by themselves, and by WhatsApp (SMS when WhatsApp cannot deliver) or SMS.
//
//   loading ──done──▶ ready ──settings.change──▶ ready (the draft; 'Saved.' cleared)
//      └─error──▶ loadFailed ──settings.retry──▶ loading
//   ready ──settings.save (draft differs)──▶ saving ──done──▶ ready ('Saved.')
//                                              └─error──▶ failed (the message) ──change/save──▶
//   loading, saving ──401──▶ unauthorized (final: the page sends the tutor to login)
//
// Both calls are abstract (`fetchSettings`, `saveSettings`).
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages } from '../../src/domain/messages';
import type { REMINDER_CHANNELS } from '../../src/domain/dues';
import { abstractPromise } from '../shared/abstract';
import { isUnauthorized, serverText } from '../shared/failure';

export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

export interface ReminderSettings {
  automatic: boolean;
  channel: ReminderChannel;
}

export interface ReminderSettingsContext {
  /** What the server has. */
  saved: ReminderSettings | null;
  /** What the form shows. */
  draft: ReminderSettings | null;
  /** The last save went through and nothing changed since. */
  justSaved: boolean;
  error: string | null;
}

export type ReminderSettingsEvent =
  | { type: 'settings.change'; automatic?: boolean; channel?: ReminderChannel }
  | { type: 'settings.save' }
  | { type: 'settings.retry' };

/** The draft differs from what the server has. */
export const settingsChanged = (context: ReminderSettingsContext): boolean =>
  context.draft !== null &&
  (context.draft.automatic !== context.saved?.automatic ||
    context.draft.channel !== context.saved?.channel);

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const reminderSettingsMachine = setup({
  types: {
    context: {} as ReminderSettingsContext,
    events: {} as ReminderSettingsEvent,
  },
  actors: {
    fetchSettings: abstractPromise<ReminderSettings>('fetchSettings'),
    saveSettings: abstractPromise<ReminderSettings, ReminderSettings>('saveSettings'),
  },
  actions: {
    change: assign(({ context, event }) => {
      if (event.type !== 'settings.change' || !context.draft) return {};
      const { automatic = context.draft.automatic, channel = context.draft.channel } = event;
      return { draft: { automatic, channel }, justSaved: false, error: null };
    }),
    fail: assign({
      error: ({ event }) => serverText(errorOf(event), messages.generic.somethingWrong),
    }),
  },
  guards: {
    changed: ({ context }) => settingsChanged(context),
    unauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'reminderSettings',
  description: "The tutor's reminder settings: automatic or not, by WhatsApp or SMS.",
  context: { saved: null, draft: null, justSaved: false, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchSettings',
        src: 'fetchSettings',
        onDone: {
          target: 'ready',
          actions: assign({
            saved: ({ event }) => event.output,
            draft: ({ event }) => event.output,
          }),
        },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          { target: 'loadFailed', actions: 'fail' },
        ],
      },
    },
    loadFailed: {
      tags: 'error',
      on: { 'settings.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      on: {
        'settings.change': { actions: 'change' },
        'settings.save': { guard: 'changed', target: 'saving' },
      },
    },
    saving: {
      tags: 'loading',
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => context.draft!,
        onDone: {
          target: 'ready',
          actions: assign({
            saved: ({ event }) => event.output,
            draft: ({ event }) => event.output,
            justSaved: true,
          }),
        },
        onError: [
          { guard: 'unauthorized', target: 'unauthorized' },
          { target: 'failed', actions: 'fail' },
        ],
      },
    },
    failed: {
      tags: 'error',
      on: {
        'settings.change': { target: 'ready', actions: 'change' },
        'settings.save': { target: 'saving', actions: assign({ error: null }) },
      },
    },
    unauthorized: { type: 'final' },
  },
});

export type ReminderSettingsActorRef = ActorRefFrom<typeof reminderSettingsMachine>;
export type ReminderSettingsSnapshot = SnapshotFrom<typeof reminderSettingsMachine>;
