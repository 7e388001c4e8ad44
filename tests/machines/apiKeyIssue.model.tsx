// Path model of the apiKeyIssue machine (an API key shown once, D19), shared by its vitest suite
// and scripts/path-coverage.ts.
import assert from 'node:assert/strict';
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  apiKeyIssueMachine,
  apiKeyNameError,
  type IssuedKey,
} from '../../machines/apiKeyIssue/apiKeyIssue.machine';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { IssueKeyForm } from '../../src/ui/routes/tutor/dashboard/apiKeys/ApiKeysPanel';
import type { EventFixtures, PathModel, UiLayer } from '../support/paths';
import { buttonNamed, clickOn, expectFieldError, queryButton, typeInto } from '../support/uiPaths';
import { doneFixture, errorFixture, fakeCall, http, offline, type FakeCall } from './loginFakes';

export const ISSUED_KEY: IssuedKey = {
  id: 3,
  name: 'Website booking form',
  prefix: 'tp_live_7KqP',
  created_at: '2025-01-15T10:00:00+05:30',
  last_used_at: null,
  revoked_at: null,
  key: 'tp_live_7KqPz3XmR8vN2cWb5TyL0aHd9JfUe4Gs',
};

export const TOO_MANY = 'You have 5 active keys: revoke one first.';

export interface ApiKeyIssueWorld {
  issue: FakeCall<IssuedKey, { name: string }>;
  issued: number;
}

export const apiKeyIssueWorld = (): ApiKeyIssueWorld => ({ issue: fakeCall(), issued: 0 });

export const provideApiKeyIssue = (w: ApiKeyIssueWorld) =>
  apiKeyIssueMachine.provide({
    actors: { issueKey: w.issue.logic },
    actions: { issued: () => void (w.issued += 1) },
  });

export const apiKeyIssueEvents = {
  // Trimmed before it is sent.
  'name.change': [{ type: 'name.change', value: ' Website booking form ' }],
  'key.issue': [{ type: 'key.issue' }],
  'key.dismiss': [{ type: 'key.dismiss' }],
} satisfies EventFixtures<typeof apiKeyIssueMachine, ApiKeyIssueWorld>;

const t = dashboardTexts.tutor.apiKeys;
const nameField = () => screen.getByLabelText(t.name);

/** The API keys tab's form, and the key shown once. */
export const apiKeyIssueScreen: UiLayer<typeof apiKeyIssueMachine, ApiKeyIssueWorld> = {
  view: ({ actor }) => <IssueKeyForm actor={actor} />,
  gestures: {
    'name.change': ({ value }, ui) => typeInto(nameField(), value, ui),
    'key.issue': (_, ui) => clickOn(buttonNamed(t.issue), ui),
    'key.dismiss': (_, ui) => clickOn(queryButton(t.shownDone), ui),
  },
  screens: {
    editing: ({ context }) => {
      expect(nameField()).toHaveValue(context.name);
      expectFieldError(nameField(), context.showError ? apiKeyNameError(context.name) : null);
      expect(screen.queryByRole('dialog')).toBeNull();
    },
    issuing: () => {
      expect(buttonNamed(t.issue)).toHaveAttribute('data-loading', 'true');
    },
    shown: () => {
      const dialog = screen.getByRole('dialog', { name: t.shownTitle });
      expect(within(dialog).getByText(ISSUED_KEY.key)).toBeInTheDocument();
    },
    failed: ({ context }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(context.error!);
      expect(nameField()).toHaveValue(context.name);
    },
    // The session ends (the tab's useEndSessionWhen; the machine layer checks the state).
    unauthorized: null,
  },
};

export const apiKeyIssuePathModel: PathModel<typeof apiKeyIssueMachine, ApiKeyIssueWorld> = {
  name: 'apiKeyIssue',
  machine: apiKeyIssueMachine,
  world: apiKeyIssueWorld,
  provide: provideApiKeyIssue,
  events: apiKeyIssueEvents,
  ui: apiKeyIssueScreen,
  internal: {
    'xstate.done.actor.issueKey': doneFixture(
      'issueKey',
      [ISSUED_KEY],
      (w: ApiKeyIssueWorld) => w.issue,
    ),
    'xstate.error.actor.issueKey': errorFixture(
      'issueKey',
      [http(401), http(409, TOO_MANY), offline],
      (w: ApiKeyIssueWorld) => w.issue,
    ),
  },
  states: {
    editing: ({ context }) => {
      // The key is never kept outside `shown`.
      assert.equal(context.issued, null);
      assert.equal(context.error, null);
    },
    issuing: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('loading'));
      assert.equal(snapshot.context.issued, null);
      assert.deepEqual(world.issue.last().input, { name: 'Website booking form' });
    },
    shown: ({ context }, { world }) => {
      assert.equal(context.issued?.key, ISSUED_KEY.key);
      assert.equal(world.issued, 1);
    },
    failed: (snapshot, { world }) => {
      assert.ok(snapshot.hasTag('error'));
      assert.equal(snapshot.context.issued, null);
      assert.ok(
        [TOO_MANY, 'You seem to be offline. Check your connection and try again.'].includes(
          snapshot.context.error ?? '',
        ),
      );
      assert.equal(world.issued, 0);
    },
    unauthorized: (snapshot, { world }) => {
      assert.equal(snapshot.status, 'done');
      assert.equal(snapshot.context.issued, null);
      assert.equal(world.issued, 0);
    },
  },
};
