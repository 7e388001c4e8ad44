// Spec §8: server messages carry a prefix ("Order refused: <sentence>"); the user sees only the
// sentence after the last ': '.

import { messages } from './messages';

/** The trimmed text after the last ': ' (the whole message when none); generic when empty. */
export function textAfterLastColon(message: string | null | undefined): string {
  const text = message ?? '';
  const cut = text.lastIndexOf(': ');
  const tail = (cut === -1 ? text : text.slice(cut + 2)).trim();
  return tail === '' ? messages.generic.somethingWrong : tail;
}

/**
 * Order creation (spec §8, D2): a 400 shows its sentence; so does a 409 (D77: a link already
 * paid, expired or meant for another student is a refusal the student must read, and retrying
 * never helps); any other failure the generic text.
 */
export function orderErrorText(status: number | null | undefined, message?: string | null): string {
  return status === 400 || status === 409
    ? textAfterLastColon(message)
    : messages.generic.somethingWrong;
}
