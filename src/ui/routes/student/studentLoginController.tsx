// The login machine for a student, with its real effects, loaded by StudentLoginPage just after the
// first paint (XState, zod, the API client and storage weigh ~40 KB gzip: too much to hold the
// first paint of the slowest phones). StudentLoginActor runs it with useActorRef, as the tutor's
// page runs its own; the page's phone step reads it through `phoneView`, the later steps
// (StudentLoginSteps) read the actor itself.
import { useActorRef } from '@xstate/react';
import { useLayoutEffect, useState } from 'react';
import { otpMachine } from '../../../../machines/otp/otp.machine';
import {
  loginMachine,
  loginPhoneError,
  type LoginActorRef,
  type LoginSnapshot,
} from '../../../../machines/login/login.machine';
import { requestOtpActor, studentAccountActor, verifyOtpActor } from '../../../api/actors/auth';
import type { NavigateAction } from '../../app/navigation';
import { routeByFlowLive, storePayment, storeSession, studentCode, track } from './studentEffects';

const studentLogin = loginMachine.provide({
  actors: {
    requestOtp: requestOtpActor,
    loadAccount: studentAccountActor,
    routeByFlow: routeByFlowLive,
    otp: otpMachine.provide({ actors: { verifyOtp: verifyOtpActor, sendOtp: requestOtpActor } }),
  },
  actions: {
    storeSession,
    storePayment,
    track,
    rememberCode: studentCode.remember,
    forgetCode: studentCode.forget,
  },
});

/**
 * Runs the student's login machine for the page, starting from what was typed before this
 * module arrived, and hands the running actor to the page as it commits (a layout effect:
 * before anything else can be typed). Renders nothing: the page's view is already on screen.
 */
export function StudentLoginActor({
  navigate,
  phone,
  onStart,
}: {
  navigate: NavigateAction;
  /** What was typed before this module arrived. */
  phone: string;
  onStart: (actor: LoginActorRef) => void;
}) {
  // useActorRef keeps the first actor and refreshes its implementations on every render.
  const [input] = useState(() => ({
    role: 'student' as const,
    phone,
    resume: studentCode.resume(),
  }));
  const actor = useActorRef(studentLogin.provide({ actions: { navigate } }), { input });
  // Started here rather than in useActorRef's later effect: a key pressed in between must reach
  // a running machine (a queued one shows the field's old value, and React puts it back).
  useLayoutEffect(() => {
    actor.start();
    onStart(actor);
  }, [actor, onStart]);
  return null;
}

export interface PhoneView {
  /** The phone step is on screen (else StudentLoginSteps is). */
  onPhoneStep: boolean;
  phone: string;
  /** 'Enter valid phone number' (spec §5). */
  phoneError: string | null;
  /** Why the OTP request failed. */
  requestError: string | null;
  /** D14: link to the tutor login. */
  roleConflict: boolean;
  requesting: boolean;
  canSubmit: boolean;
}

/** What the phone step shows of the login (a selector: compared field by field). */
export function phoneView(snapshot: LoginSnapshot): PhoneView {
  return {
    onPhoneStep: snapshot.matches('phone'),
    phone: snapshot.context.phone,
    phoneError: loginPhoneError(snapshot),
    requestError: snapshot.hasTag('error') ? snapshot.context.error : null,
    roleConflict: snapshot.context.roleConflict,
    requesting: snapshot.matches({ phone: 'requesting' }),
    canSubmit: snapshot.can({ type: 'phone.submit' }),
  };
}
