// The studentLogin machine with its real effects, loaded by StudentLoginPage just after the
// first paint (XState, zod, the API client and storage weigh ~40 KB gzip: too much to hold the
// first paint of the slowest phones). The page reads the phone step through `phoneView`; the
// later steps (StudentLoginSteps) read the actor itself.
import { createActor } from 'xstate';
import { otpMachine } from '../../../../machines/otp/otp.machine';
import {
  loginPhoneError,
  studentLoginMachine,
  type StudentLoginActorRef,
  type StudentLoginSnapshot,
} from '../../../../machines/studentLogin/studentLogin.machine';
import { fetchMeActor, requestOtpActor, verifyOtpActor } from '../../../api/actors/auth';
import type { NavigateAction } from '../../app/navigation';
import { routeByFlowLive, storePayment, storeSession, studentCode, track } from './studentEffects';

export function startStudentLogin(options: {
  navigate: NavigateAction;
  /** What was typed before this module arrived. */
  phone: string;
}): StudentLoginActorRef {
  const machine = studentLoginMachine.provide({
    actors: {
      requestOtp: requestOtpActor,
      fetchMe: fetchMeActor,
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
    input: { phone: options.phone, resume: studentCode.resume() },
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

export function phoneView(snapshot: StudentLoginSnapshot): PhoneView {
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
