// The GST state codes (the first two digits of a GSTIN, and the code printed beside a state's
// name on a tax invoice and in GSTR-1's place of supply, '29-Karnataka'). The list the GST
// portal uses: 25 (Daman and Diu) merged into 26 on 26 January 2020, and 28 is undivided
// Andhra Pradesh, kept only because old registrations carry it (D262).

export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before division)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

/** The codes a person picks a state from (28 is only read from old GSTINs), in code order. */
export const GST_STATE_CHOICES: readonly string[] = Object.keys(GST_STATES).filter(
  (code) => code !== '28',
);

export function isGstStateCode(code: unknown): code is string {
  return typeof code === 'string' && Object.hasOwn(GST_STATES, code);
}

/** 'Karnataka' for '29'; throws for a code that is not a state's. */
export function gstStateName(code: string): string {
  if (!isGstStateCode(code)) throw new RangeError(`Not a GST state code: ${code}`);
  return GST_STATES[code]!;
}

/** '29-Karnataka': how GSTR-1 writes a place of supply. */
export function placeOfSupplyLabel(code: string): string {
  return `${code}-${gstStateName(code)}`;
}
