// PAN checks (D28). The tutor journey later plugs in the gateway's verification API
// (gateway-contract.md, `POST /verification/pan`); until then the local verifier accepts any
// PAN of the right shape with both names present. Everything that stores a PAN goes through
// this interface, so a PAN on file is always a verified one.
import { PAN_PATTERN } from '../../domain/validation';

export interface PanCheck {
  pan: string;
  firstName: string;
  lastName: string;
}

export type PanVerdict =
  | { ok: true; registeredName: string | null }
  | { ok: false; reason: 'invalid-pan' | 'name-mismatch' };

export interface PanVerifier {
  verify(check: PanCheck): Promise<PanVerdict>;
}

/** Shape and name presence only: no network, no registry. */
export function createLocalPanVerifier(): PanVerifier {
  return {
    async verify({ pan, firstName, lastName }) {
      if (!PAN_PATTERN.test(pan)) return { ok: false, reason: 'invalid-pan' };
      if (firstName.trim() === '' || lastName.trim() === '') {
        return { ok: false, reason: 'name-mismatch' };
      }
      return { ok: true, registeredName: null };
    },
  };
}
