// PAN checks (D28). Every PAN the server stores goes through this interface, so a PAN on file
// is always a verified one. The default asks the gateway's verification API
// (gateway/verification.ts: the PAN must be VALID and the registered name a direct, good or
// moderate partial match of the names given); tests may inject another verifier. A gateway
// that fails or answers something unknown is 'unavailable', never 'invalid-pan': the user's
// PAN is not to blame for our gateway's outage.
import { GatewayError } from '../gateway/types';
import { nameVerdict, type VerificationApi } from '../gateway/verification';

export interface PanCheck {
  pan: string;
  firstName: string;
  lastName: string;
}

export type PanVerdict =
  | { ok: true; registeredName: string | null }
  | { ok: false; reason: 'invalid-pan' | 'name-mismatch' }
  | { ok: false; reason: 'unavailable'; cause: unknown };

export interface PanVerifier {
  verify(check: PanCheck): Promise<PanVerdict>;
}

export function createGatewayPanVerifier(api: VerificationApi): PanVerifier {
  return {
    async verify({ pan, firstName, lastName }) {
      let result;
      try {
        result = await api.verifyPan({ pan, name: `${firstName} ${lastName}` });
      } catch (error) {
        if (error instanceof GatewayError)
          return { ok: false, reason: 'unavailable', cause: error };
        throw error;
      }
      if (result.status !== 'VALID') return { ok: false, reason: 'invalid-pan' };
      const names = nameVerdict(result.nameMatch);
      if (names === 'mismatch') return { ok: false, reason: 'name-mismatch' };
      if (names === 'unknown') {
        return {
          ok: false,
          reason: 'unavailable',
          cause: new Error('the PAN check gave no name match'),
        };
      }
      return { ok: true, registeredName: result.registeredName };
    },
  };
}
