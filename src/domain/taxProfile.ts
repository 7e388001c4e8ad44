// A GST profile's rules (D267), for the server (authoritative) and the form (at once): a
// registered tutor gives a valid GSTIN (its state is theirs) and an address; a tutor who is
// not registered gives no GSTIN; a payer gives an address and a state together, or neither,
// and no GSTIN. Text is tidied (spaces) and the GSTIN upper-cased first.
import { gstinParts, gstinProblem, normaliseGstin } from './gstin';
import { isGstStateCode } from './gstStates';
import { taxTexts } from './taxTexts';

export const TAX_ADDRESS_MAX_LENGTH = 300;

export interface TaxProfileInput {
  registered: boolean;
  gstin?: string | null;
  legalName?: string | null;
  address?: string | null;
  stateCode?: string | null;
  feeIncludesGst?: boolean;
}

export interface TaxProfileValues {
  registered: boolean;
  gstin: string | null;
  legalName: string | null;
  address: string | null;
  stateCode: string | null;
  feeIncludesGst: boolean;
}

export type TaxProfileCheck =
  { ok: true; value: TaxProfileValues } | { ok: false; message: string };

const tidy = (text: string | null | undefined) => {
  const trimmed = text?.replace(/\s+/g, ' ').trim() ?? '';
  return trimmed === '' ? null : trimmed;
};
const refuse = (message: string): TaxProfileCheck => ({ ok: false, message });

/** The profile as it is kept, or the sentence saying what is wrong (who: 'teacher' | 'student'). */
export function checkTaxProfile(
  input: TaxProfileInput,
  who: 'teacher' | 'student',
): TaxProfileCheck {
  const m = taxTexts.api;
  const address = tidy(input.address);
  const gstin = tidy(input.gstin) ? normaliseGstin(input.gstin!) : null;
  const stateCode = tidy(input.stateCode);
  if (address && address.length > TAX_ADDRESS_MAX_LENGTH) return refuse(m.addressTooLong);
  if (stateCode !== null && !isGstStateCode(stateCode)) return refuse(m.stateUnknown);
  if (who === 'student') {
    if (input.registered || gstin) return refuse(m.payerNotRegistered);
    if ((address === null) !== (stateCode === null)) return refuse(m.addressAndState);
    return {
      ok: true,
      value: {
        registered: false,
        gstin: null,
        legalName: null,
        address,
        stateCode,
        feeIncludesGst: true,
      },
    };
  }
  const legalName = tidy(input.legalName);
  if (!input.registered) {
    if (gstin) return refuse(m.gstinWithoutRegistration);
    return {
      ok: true,
      value: {
        registered: false,
        gstin: null,
        legalName,
        address,
        stateCode,
        feeIncludesGst: true,
      },
    };
  }
  if (!gstin) return refuse(m.gstinRequired);
  const problem = gstinProblem(gstin);
  if (problem === 'shape') return refuse(m.gstinShape);
  if (problem === 'state') return refuse(m.gstinState);
  if (problem === 'checksum') return refuse(m.gstinChecksum);
  const parts = gstinParts(gstin);
  if (stateCode !== null && stateCode !== parts.stateCode) {
    return refuse(m.stateFromGstin(parts.stateName));
  }
  if (!address) return refuse(m.addressRequired);
  return {
    ok: true,
    value: {
      registered: true,
      gstin,
      legalName,
      address,
      stateCode: parts.stateCode,
      feeIncludesGst: input.feeIncludesGst ?? true,
    },
  };
}
