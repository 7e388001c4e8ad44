// A GSTIN (D262): 15 characters, 2-digit state code, the holder's PAN (5 letters, 4 digits, a
// letter), the registration's number under that PAN in the state (1-9, then A-Z), 'Z' (for
// now always), and a check character. The check character is the GSTN's mod-36 scheme: each
// of the first 14 characters is its index in 0-9A-Z, times 1 at odd and 2 at even positions;
// a product's base-36 digits are added (quotient plus remainder); the check is
// (36 - sum mod 36) mod 36, as a character again.
import { gstStateName, isGstStateCode } from './gstStates';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^(\d{2})([A-Z]{5}\d{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;

/** Upper case, without spaces: what a person pasting '29 aaacr 5055k 1z5' meant. */
export function normaliseGstin(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** The check character the first 14 characters call for. */
export function gstinCheckCharacter(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) throw new RangeError(`Not 14 GSTIN characters: ${first14}`);
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = ALPHABET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

export type GstinProblem = 'shape' | 'state' | 'checksum';

/** Why a (normalised) GSTIN cannot be right, or null when it is. */
export function gstinProblem(gstin: string): GstinProblem | null {
  const match = SHAPE.exec(gstin);
  if (!match) return 'shape';
  if (!isGstStateCode(match[1])) return 'state';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'checksum';
  return null;
}

export interface GstinParts {
  stateCode: string;
  stateName: string;
  pan: string;
}

/** The state and PAN of a valid GSTIN; throws for one with a problem. */
export function gstinParts(gstin: string): GstinParts {
  const problem = gstinProblem(gstin);
  if (problem) throw new RangeError(`Not a valid GSTIN (${problem}): ${gstin}`);
  const stateCode = gstin.slice(0, 2);
  return { stateCode, stateName: gstStateName(stateCode), pan: gstin.slice(2, 12) };
}
