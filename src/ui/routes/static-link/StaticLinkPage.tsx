// /static-link/{username} (spec §2, §4 "Amount screen Proceed"; D5, D20, D30).
// scripts/check-budget.ts measures this module: the first paint is the amount screen alone
// (Mantine's field and button). The machine, the API client, storage and the fee summary
// arrive in a lazy chunk (StaticLinkController), fetched after that first paint (D172), that
// drives the same screen; what the student types before it arrives is kept and handed over.
// The field's text is read from the machine synchronously (useSyncExternalStore), not through
// the model the controller publishes after each render: a controlled input whose value lags one
// render behind is reset to the old text, and the next key, if it comes before the update,
// lands on it and the previous one is lost (issue 13: '6507' typed fast became '607').
// For the same reason the hand-over does not wait for a render: a key goes to whatever holds the
// text when it is typed (refs, not rendered state), and what was typed before the machine
// arrived is handed to it when it arrives (a render can come a task later than the key).
import { AfterPaint } from '../../app/AfterPaint';
import { loadInLanguage } from '../../app/loadInLanguage';
import { lazy, useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { AmountScreen, type AmountScreenProps } from './AmountScreen';

const StaticLinkController = lazy(() => loadInLanguage(() => import('./StaticLinkController')));

/** What the controller publishes to the screen. */
export type AmountScreenModel = Omit<
  AmountScreenProps,
  'onAmountChange' | 'onSubmit' | 'amountText'
> & {
  amount: AmountStore;
  changeAmount(value: string): void;
  submit(): void;
};

/** The machine's amount text, for useSyncExternalStore. */
export interface AmountStore {
  subscribe(onChange: () => void): () => void;
  get(): string;
}

const noSubscription = () => () => {};

/** Until the controller arrives: digits only, at most 9 (its machine applies the full rule). */
const earlyDigits = (value: string) => value.replace(/\D/g, '').slice(0, 9);

export function StaticLinkPage() {
  const { username = '' } = useParams();
  const [search] = useSearchParams();
  const book = search.get('book') === '1'; // D20
  const [draft, setDraft] = useState('');
  const [model, setModel] = useState<AmountScreenModel | null>(null);
  // What holds the text now, read when a key comes, not as of the last render.
  const typedEarly = useRef<string | null>(null);
  const modelNow = useRef<AmountScreenModel | null>(null);
  const changeAmount = useCallback((value: string) => {
    if (modelNow.current) return modelNow.current.changeAmount(value);
    typedEarly.current = earlyDigits(value);
    setDraft(typedEarly.current);
  }, []);
  const receiveModel = useCallback((next: AmountScreenModel) => {
    const early = typedEarly.current;
    if (!modelNow.current && early !== null && early !== next.amount.get()) {
      next.changeAmount(early);
    }
    modelNow.current = next;
    setModel(next);
  }, []);
  const readAmount = model ? model.amount.get : () => draft;
  // The prerender's and the hydration's text (the third) is the same as the client's.
  const amountText = useSyncExternalStore(
    model ? model.amount.subscribe : noSubscription,
    readAmount,
    readAmount,
  );
  return (
    <>
      <AmountScreen
        tutorName={model?.tutorName ?? null}
        verified={model?.verified ?? false}
        amountText={amountText}
        fieldError={model?.fieldError ?? null}
        canSubmit={model?.canSubmit ?? false}
        onAmountChange={changeAmount}
        onSubmit={() => model?.submit()}
        notice={model?.notice}
        summary={model?.summary}
        summaryPending={model ? model.summaryPending : true}
      />
      <AfterPaint>
        <StaticLinkController
          key={username}
          username={username}
          book={book}
          draft={draft}
          onModel={receiveModel}
        />
      </AfterPaint>
    </>
  );
}
