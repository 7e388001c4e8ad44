// Indian digit grouping (lakh and crore): the one home of the rule, for money.ts's amounts and
// the limits constants.ts writes into sentences. By hand rather than Intl: the same result as
// en-IN, without the runtime's ICU data, and without Intl's first-use cost in the entry chunk
// (about 25 ms of a phone's first paint for one toLocaleString, issue 11).

/** Indian digit grouping of a non-negative integer string: 10500000 → '1,05,00,000'. */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const pairs = rest.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${last3}`;
}

/** '₹50,000': whole rupees for sentences (a fraction of a rupee is dropped). */
export function wholeRupeesText(rupees: number): string {
  return `₹${groupIndian(String(Math.floor(rupees)))}`;
}
