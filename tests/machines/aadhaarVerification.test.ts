// Journeys of the aadhaarVerification machine whose end state matters (spec §2 "Aadhaar step",
// §4 "Aadhaar", §8; D4, D15).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { AadhaarVerificationInput } from '../../machines/aadhaarVerification/aadhaarVerification.machine';
import { messages } from '../../src/domain/messages';
import {
  AADHAAR_INPUT,
  aadhaarWorld,
  FOREIGN_LINK,
  GATEWAY_LINK,
  KYC_SUBMITTED,
  provideAadhaar,
} from './aadhaarVerification.model';
import { flush, http, offline } from './loginFakes';

function start(input: AadhaarVerificationInput = AADHAAR_INPUT) {
  const world = aadhaarWorld();
  const actor = createActor(provideAadhaar(world), { input }).start();
  const snap = () => actor.getSnapshot();
  const verify = () => actor.send({ type: 'aadhaar.verify' });
  return { world, actor, snap, verify };
}

describe('aadhaarVerification machine', () => {
  it("opens on 'Verify'; Verify asks once for the tutor's link and goes there", async () => {
    const t = start();
    expect(t.snap().context.failed).toBe(false);
    t.verify();
    t.verify();
    expect(t.snap().hasTag('loading')).toBe(true);
    expect(t.world.start.calls).toHaveLength(1);
    expect(t.world.start.last().input).toEqual({ userId: '7' });
    t.world.start.last().resolve({ onboardingLink: GATEWAY_LINK });
    await flush();
    expect(t.world.opened).toEqual([GATEWAY_LINK]);
    expect(t.snap().value).toBe('redirecting');
    expect(t.snap().hasTag('loading')).toBe(true);
    // Back from the gateway's page (back-forward cache): 'Verify' again.
    t.actor.send({ type: 'aadhaar.returned' });
    expect(t.snap().value).toBe('ready');
    expect(t.snap().context.failed).toBe(false);
  });

  it('D15: a link on another origin is never followed; the failed panel shows', async () => {
    const t = start();
    t.verify();
    t.world.start.last().resolve({ onboardingLink: FOREIGN_LINK });
    await flush();
    expect(t.world.opened).toEqual([]);
    expect(t.snap().value).toBe('ready');
    expect(t.snap().context).toMatchObject({ failed: true, error: null });
  });

  it("no link, or a failure, shows the failed panel; 'Verify Again' tries again", async () => {
    const t = start();
    t.verify();
    t.world.start.last().resolve({ onboardingLink: null });
    await flush();
    expect(t.snap().context.failed).toBe(true);
    t.verify();
    expect(t.snap().context.failed).toBe(false);
    t.world.start.last().reject(offline);
    await flush();
    expect(t.snap().context).toMatchObject({ failed: true, error: messages.generic.network });
    t.verify();
    t.world.start.last().reject(http(502, 'The gateway is not answering.'));
    await flush();
    expect(t.snap().context.error).toBe('The gateway is not answering.');
    expect(t.world.start.calls).toHaveLength(3);
  });

  it('D4: a rejected KYC opens on the failed panel, and Verify Again starts over', async () => {
    const t = start({ userId: '7', rejected: true });
    expect(t.snap().value).toBe('ready');
    expect(t.snap().context.failed).toBe(true);
    t.verify();
    t.world.start.last().resolve({ onboardingLink: GATEWAY_LINK });
    await flush();
    expect(t.world.opened).toEqual([GATEWAY_LINK]);
  });

  it("a 409 shows the server's message and a way to the dashboard", async () => {
    const t = start();
    t.verify();
    t.world.start.last().reject(http(409, KYC_SUBMITTED));
    await flush();
    expect(t.snap().value).toBe('conflict');
    expect(t.snap().context.error).toBe(KYC_SUBMITTED);
    t.actor.send({ type: 'aadhaar.dashboard' });
    expect(t.snap().output).toEqual({ result: 'dashboard' });
  });

  it('a 401 ends the step as unauthorized (the wizard shows Session Expired)', async () => {
    const t = start();
    t.verify();
    t.world.start.last().reject(http(401));
    await flush();
    expect(t.snap().output).toEqual({ result: 'unauthorized' });
    expect(t.world.opened).toEqual([]);
  });
});
