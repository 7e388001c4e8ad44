// Journeys of the activeFlow machine whose end state matters (spec §4, D15).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  activeFlowMachine,
  isFlowStep,
  isRecordable,
  type ActiveFlowRecord,
} from '../../machines/activeFlow/activeFlow.machine';

function visit(...urls: string[]) {
  const persisted: ActiveFlowRecord[] = [];
  const actor = createActor(
    activeFlowMachine.provide({
      actions: { persistFlow: (_, record) => void persisted.push(record) },
    }),
  ).start();
  for (const url of urls) {
    const q = url.indexOf('?');
    actor.send({
      type: 'location.change',
      pathname: q < 0 ? url : url.slice(0, q),
      search: q < 0 ? '' : url.slice(q),
    });
  }
  return { state: actor.getSnapshot().value, persisted, last: persisted.at(-1) };
}

describe('activeFlow machine', () => {
  it('records StaticLinkFlow with url and query for /static-link/asha?x=1', () => {
    const { state, persisted } = visit('/static-link/asha?x=1');
    expect(state).toBe('StaticLinkFlow');
    expect(persisted).toEqual([
      { flow: 'StaticLinkFlow', url: '/static-link/asha', query: '?x=1' },
    ]);
  });

  it('records DynamicLinkFlow for /payment-link/lnk_1 and payTuitionFeesFlow for /pay-tuition-fees', () => {
    expect(visit('/payment-link/lnk_1').last).toEqual({
      flow: 'DynamicLinkFlow',
      url: '/payment-link/lnk_1',
      query: '',
    });
    expect(visit('/pay-tuition-fees').last).toEqual({
      flow: 'payTuitionFeesFlow',
      url: '/pay-tuition-fees',
      query: '',
    });
  });

  it("never records '//evil.com' or other foreign paths (D15)", () => {
    for (const url of [
      '//evil.com',
      '//evil.com/static-link/x',
      '/\\evil.com',
      '/static-link/a\\b',
    ]) {
      const { state, persisted } = visit(url);
      expect(state, url).toBe('idle');
      expect(persisted, url).toEqual([]);
    }
  });

  it('keeps the flow through login, sign-up and the /pay steps', () => {
    const { state, persisted } = visit(
      '/static-link/asha',
      '/student/login',
      '/student/signup',
      '/pay/review',
      '/pay/redirect',
      '/pay/status?order_id=o_1',
      '/payment-successful',
    );
    expect(state).toBe('StaticLinkFlow');
    expect(persisted).toEqual([{ flow: 'StaticLinkFlow', url: '/static-link/asha', query: '' }]);
  });

  it('a later link replaces the flow; a page outside any flow records defaultFlow', () => {
    expect(visit('/static-link/asha', '/payment-link/lnk_2').last?.flow).toBe('DynamicLinkFlow');
    const { state, last } = visit('/static-link/asha', '/asha');
    expect(state).toBe('defaultFlow');
    expect(last).toEqual({ flow: 'defaultFlow', url: '/asha', query: '' });
  });

  it('visiting a step first records nothing (the stored flow, if any, stays)', () => {
    const { state, persisted } = visit('/student/login');
    expect(state).toBe('idle');
    expect(persisted).toEqual([]);
  });

  it('fails loudly when persistFlow is not provided', () => {
    const actor = createActor(activeFlowMachine).start();
    actor.subscribe({ error: () => {} });
    actor.send({ type: 'location.change', pathname: '/static-link/asha', search: '' });
    expect(actor.getSnapshot().status).toBe('error');
  });

  it('classifies paths', () => {
    expect(isFlowStep('/pay/review')).toBe(true);
    expect(isFlowStep('/pay-tuition-fees')).toBe(false);
    expect(isFlowStep('/student/dashboard')).toBe(false);
    expect(isRecordable({ pathname: '/a', search: '?x=1' })).toBe(true);
    expect(isRecordable({ pathname: '/a', search: 'x=1' })).toBe(false);
    expect(isRecordable({ pathname: '/a', search: '?x=\n' })).toBe(false);
  });
});
