// D209: the words a tutor types that the platform's own texts carry (a plan's name in a fee
// reminder's SMS and WhatsApp text, and so in a dues link's purpose). The platform's sender is
// registered for its templates (TRAI's DLT scrubs a variable that is not what was declared), and
// a payer trusts it: a tutor's words reach a text only within a length, with no web address, no
// phone number and no shouting. Checked where the words are saved and again where a text is made
// (words kept before the rule, or cut to a template variable's length).

/** Why words may not go into a platform text. */
export type TutorWordsProblem = 'too_long' | 'link' | 'phone' | 'shouting';

/** A DLT template's variable holds at most this many characters. */
export const TEXT_VARIABLE_MAX_LENGTH = 30;

/** A scheme, 'www.', or a name.tld (with or without a path): 'evil.example/x', 'bit.ly'. */
const LINK = /[a-z][a-z0-9+.-]*:\/\/|www\.|[\p{L}\p{N}-]+\.\p{L}{2,}/iu;
/**
 * Nine digits or more, in any script, with single spaces, dots, dashes or brackets between: a
 * phone number; a session such as '2025-2026' has eight.
 */
const PHONE = /(?:\p{Nd}[\s.()-]?){9,}/u;
/** Shouting: at least this many cased letters, and this share of them upper case. */
const SHOUTING_LETTERS = 8;
const SHOUTING_SHARE = 0.7;

function shouts(text: string): boolean {
  const letters = [...text].filter((c) => c.toLowerCase() !== c.toUpperCase());
  if (letters.length < SHOUTING_LETTERS) return false;
  const upper = letters.filter((c) => c === c.toUpperCase()).length;
  return upper / letters.length >= SHOUTING_SHARE;
}

/** The first rule `text` breaks as words of a platform text, or null. */
export function tutorWordsProblem(text: string, maxLength: number): TutorWordsProblem | null {
  if (text.length > maxLength) return 'too_long';
  if (LINK.test(text)) return 'link';
  if (PHONE.test(text)) return 'phone';
  if (shouts(text)) return 'shouting';
  return null;
}

/** What a text carries for `text`: the words when they pass the rules, else `neutral`. */
export function wordsForText(text: string, maxLength: number, neutral: string): string {
  return tutorWordsProblem(text, maxLength) === null ? text : neutral;
}

/**
 * D240: whom a reminder is for, as one template variable takes it: the students' names
 * ('Aarav Sharma, Diya Sharma'), else their first names ('Aarav, Diya'), else the first
 * student's first name cut to fit. A name the rules refuse (a link, a phone) is not written.
 */
export function studentsForText(names: readonly string[]): string {
  const unique = [...new Set(names)];
  const first = (name: string) => name.split(/\s+/)[0] ?? name;
  const ways = [unique.join(', '), unique.map(first).join(', ')];
  const fits = ways.find((way) => tutorWordsProblem(way, TEXT_VARIABLE_MAX_LENGTH) === null);
  if (fits !== undefined) return fits;
  const one = first(unique[0] ?? '').slice(0, TEXT_VARIABLE_MAX_LENGTH);
  return tutorWordsProblem(one, TEXT_VARIABLE_MAX_LENGTH) === null ? one : '';
}
