// The static link's brain, loaded after the first paint: runs the amountEntry machine with the
// real effects and publishes what the amount screen shows (StaticLinkPage). Renders nothing
// itself.
import '@mantine/core/styles/Alert.css';
import { Alert, Box, Button } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  amountEntryMachine,
  amountError,
  feeSummary,
  payeeVerified,
  type FeeSummaryView,
} from '../../../../machines/amountEntry/amountEntry.machine';
import { amountTextFromPaise } from '../../../../machines/amountEntry/amount';
import { trackAction } from '../../../browser/analytics';
import { messages } from '../../../domain/messages';
import { useClock } from '../../app/clock';
import { useNavigateAction } from '../../app/navigation';
import { FeeSummary } from '../../components/FeeSummary';
import { serviceActor, usePaymentServices } from '../../components/PaymentServicesContext';
import { saveAmount, storedAmount, storeForLogin, storePayee } from '../pay/paymentStore';
import { AmountScreen } from './AmountScreen';
import type { AmountScreenModel } from './StaticLinkPage';

interface Props {
  username: string;
  book: boolean;
  /** Typed before this chunk first rendered (its machine starts with it; the page hands over
   * what is typed after that when the model arrives). */
  draft: string;
  onModel(model: AmountScreenModel): void;
}

/** The summary changes only with the amount's breakup or the fees (a new object each time). */
function sameSummary(a: FeeSummaryView | null, b: FeeSummaryView | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export default function StaticLinkController({ username, book, draft, onModel }: Props) {
  const services = usePaymentServices();
  const now = useClock();
  const navigate = useNavigateAction();
  const actorRef = useActorRef(
    amountEntryMachine.provide({
      actors: {
        lookupTutor: serviceActor((input: { username: string }, signal) =>
          services.lookupTutor(input, signal),
        ),
        loadFees: serviceActor((_: void, signal) => services.loadFees(signal)),
      },
      actions: {
        navigate,
        saveAmount,
        storeForLogin,
        storeForReview: storePayee,
        track: trackAction,
      },
    }),
    {
      input: {
        username,
        book,
        amountText: draft || amountTextFromPaise(storedAmount()),
        now: now().getTime(),
      },
    },
  );

  const model = useAmountScreenModel(actorRef);
  useEffect(() => onModel(model), [model, onModel]);
  return null;
}

type AmountEntryActorRef = ActorRefFrom<typeof amountEntryMachine>;

/** What the amount screen shows of a running amountEntry actor, and what it can send. */
function useAmountScreenModel(actorRef: AmountEntryActorRef): AmountScreenModel {
  const amount = useMemo(
    () => ({
      subscribe: (onChange: () => void) => {
        const subscription = actorRef.subscribe(onChange);
        return () => subscription.unsubscribe();
      },
      get: () => actorRef.getSnapshot().context.amountText,
    }),
    [actorRef],
  );
  const tutorName = useSelector(actorRef, (s) => s.context.tutor?.name ?? null);
  const verified = useSelector(actorRef, payeeVerified);
  const summary = useSelector(actorRef, feeSummary, sameSummary);
  const summaryPending = useSelector(actorRef, (s) => s.matches({ fees: 'loading' }));
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'amount.submit' }));
  const loadError = useSelector(actorRef, (s) =>
    s.matches({ page: 'loadFailed' }) ? s.context.error : null,
  );
  // D65: the tutor cannot accept payments yet; Proceed stays disabled (canSubmit is false).
  const unpayable = useSelector(actorRef, (s) =>
    s.matches({ page: 'unpayable' }) ? s.context.notice : null,
  );

  const fieldError = useSelector(actorRef, amountError);
  // The model is published again on every change of the text, though it does not carry it:
  // without a render per key, keys typed while the tutor loads were lost at 6x CPU throttling
  // ('4321' became '41' in 2 of 14 runs; 0 of 20 with it). Keep until that race is understood.
  const amountText = useSelector(actorRef, (s) => s.context.amountText);

  const model = useMemo<AmountScreenModel>(() => {
    return {
      tutorName,
      verified,
      summaryPending,
      amount,
      fieldError,
      canSubmit,
      changeAmount: (value) => actorRef.send({ type: 'amount.change', value }),
      submit: () => actorRef.send({ type: 'amount.submit' }),
      notice: loadError ? (
        <Alert color="red" title={messages.staticLink.loadFailed} role="alert">
          {loadError}
          <Button
            variant="light"
            mt="sm"
            display="block"
            onClick={() => actorRef.send({ type: 'tutor.retry' })}
          >
            {messages.staticLink.retry}
          </Button>
        </Alert>
      ) : unpayable ? (
        <Alert color="blue" title={unpayable.title} role="status">
          {unpayable.text}
        </Alert>
      ) : null,
      // Mobile only (spec §2): hidden from the `sm` breakpoint up.
      summary: summary ? (
        <Box hiddenFrom="sm">
          <FeeSummary breakup={summary.breakup} settles={summary.settles} />
        </Box>
      ) : null,
    };
  }, [
    actorRef,
    amount,
    amountText,
    fieldError,
    tutorName,
    verified,
    summary,
    summaryPending,
    canSubmit,
    loadError,
    unpayable,
  ]);

  return model;
}

/**
 * The amount screen on a running amountEntry actor, without the page's first-paint split (the
 * path tests render it on theirs).
 */
export function AmountEntryView({ actor }: { actor: AmountEntryActorRef }) {
  const model = useAmountScreenModel(actor);
  const amountText = useSyncExternalStore(model.amount.subscribe, model.amount.get);
  return (
    <AmountScreen
      {...model}
      amountText={amountText}
      onAmountChange={model.changeAmount}
      onSubmit={model.submit}
    />
  );
}
