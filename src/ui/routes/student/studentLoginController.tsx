// The login machine for a student, with its real effects, loaded by StudentLoginPage just after the
// first paint (XState, zod, the API client and storage weigh ~40 KB gzip: too much to hold the
// first paint of the slowest phones). The page reads the phone step through `phoneView`; the
// later steps (StudentLoginSteps) read the actor itself.
import { createActor } from 'xstate';
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

export function startStudentLogin(options: {
  navigate: NavigateAction;
  /** What was typed before this module arrived. */
  phone: string;
}): LoginActorRef {
  const machine = loginMachine.provide({
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
      navigate: options.navigate,
      rememberCode: studentCode.remember,
      forgetCode: studentCode.forget,
    },
  });
  return createActor(machine, {
    input: { role: 'student', phone: options.phone, resume: studentCode.resume() },
  }).start();
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
