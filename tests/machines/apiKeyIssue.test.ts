// The apiKeyIssue machine: a key is issued by name and shown once (D19).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { apiKeyNameError } from '../../machines/apiKeyIssue/apiKeyIssue.machine';
import { dashboardTexts } from '../../src/domain/dashboardTexts';
import { ISSUED_KEY, TOO_MANY, apiKeyIssueWorld, provideApiKeyIssue } from './apiKeyIssue.model';
import { flush, http } from './loginFakes';

function start() {
  const world = apiKeyIssueWorld();
  const actor = createActor(provideApiKeyIssue(world)).start();
  return { world, actor, snap: () => actor.getSnapshot() };
}

describe('apiKeyIssue machine', () => {
  it('a blank name is refused without a call; names stop at 60 characters', () => {
    expect(apiKeyNameError('  ')).toBe(dashboardTexts.tutor.apiKeys.nameRequired);
    const t = start();
    t.actor.send({ type: 'key.issue' });
    expect(t.snap().value).toBe('editing');
    expect(t.snap().context.showError).toBe(true);
    expect(t.world.issue.calls).toHaveLength(0);
    t.actor.send({ type: 'name.change', value: 'x'.repeat(80) });
    expect(t.snap().context.name).toHaveLength(60);
  });

  it('the key is shown once, then forgotten', async () => {
    const t = start();
    t.actor.send({ type: 'name.change', value: ' Website ' });
    t.actor.send({ type: 'key.issue' });
    expect(t.world.issue.last().input).toEqual({ name: 'Website' });
    t.world.issue.last().resolve(ISSUED_KEY);
    await flush();
    expect(t.snap().value).toBe('shown');
    expect(t.snap().context.issued?.key).toBe(ISSUED_KEY.key);
    expect(t.world.issued).toBe(1);
    t.actor.send({ type: 'key.dismiss' });
    expect(t.snap().value).toBe('editing');
    expect(t.snap().context).toMatchObject({ issued: null, name: '' });
    expect(JSON.stringify(t.snap().context)).not.toContain(ISSUED_KEY.key);
  });

  it("a refusal shows the server's message; a retry asks again; a 401 ends it", async () => {
    const t = start();
    t.actor.send({ type: 'name.change', value: 'Sixth' });
    t.actor.send({ type: 'key.issue' });
    t.world.issue.last().reject(http(409, TOO_MANY));
    await flush();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.error).toBe(TOO_MANY);
    t.actor.send({ type: 'key.issue' });
    expect(t.world.issue.calls).toHaveLength(2);
    t.world.issue.last().reject(http(401));
    await flush();
    expect(t.snap().status).toBe('done');
  });
});
