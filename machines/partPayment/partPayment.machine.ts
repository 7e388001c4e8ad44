// A part of one tutor's dues in 'My dues' (issue 14, D153), where the tutor's plans take part
// payments: at least their smallest part, at most what is left. The amount is checked here;
// `chosen` (abstract) hands a good one on (the page asks to confirm, then makes the link).
//
//   editing ──part.change──▶ editing (digits only; the message clears)
//      └──part.submit──▶ editing (valid: chosen(paise); else the message shows)
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { formatINR, parseRupeeInput, type Paise } from '../../src/domain/money';
import { studentsTexts } from '../../src/domain/studentsTexts';
import { amountError, amountInput } from '../../src/domain/validation';
import { notProvided } from '../shared/abstract';

export interface PartPaymentInput {
  /** The plans' smallest part, in paise. */
  minimum: Paise;
  /** What is left on the dues, in paise. */
  whole: Paise;
}

export interface PartPaymentContext extends PartPaymentInput {
  text: string;
  showError: boolean;
}

export type PartPaymentEvent = { type: 'part.change'; value: string } | { type: 'part.submit' };

const m = studentsTexts.dues;

/** The amount's problem, or null: the amount rule, then the plans' minimum and the whole. */
export function partError({ text, minimum, whole }: PartPaymentContext): string | null {
  const paise = parseRupeeInput(text);
  const problem = amountError(paise);
  if (problem || paise === null) return problem;
  if (paise < minimum) return m.partTooSmall(formatINR(minimum));
  if (paise > whole) return m.partTooLarge(formatINR(whole));
  return null;
}

export const shownPartError = (context: PartPaymentContext) =>
  context.showError ? partError(context) : null;

export const partPaymentMachine = setup({
  types: {
    context: {} as PartPaymentContext,
    events: {} as PartPaymentEvent,
    input: {} as PartPaymentInput,
  },
  actions: {
    /** Abstract: a good part was asked for (paise). */
    chosen: (_, _paise: Paise) => notProvided('chosen'),
  },
  guards: {
    valid: ({ context }) => partError(context) === null,
  },
}).createMachine({
  id: 'partPayment',
  description: "A part of one tutor's dues, where the plans take part payments (D153).",
  context: ({ input }) => ({ ...input, text: '', showError: false }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'part.change': {
          actions: assign({
            text: ({ event }) => amountInput(event.value),
            showError: false,
          }),
        },
        'part.submit': [
          {
            guard: 'valid',
            actions: [
              assign({ showError: false }),
              {
                type: 'chosen',
                params: ({ context }) => parseRupeeInput(context.text)!,
              },
            ],
          },
          { actions: assign({ showError: true }) },
        ],
      },
    },
  },
});

export type PartPaymentActorRef = ActorRefFrom<typeof partPaymentMachine>;
export type PartPaymentSnapshot = SnapshotFrom<typeof partPaymentMachine>;
