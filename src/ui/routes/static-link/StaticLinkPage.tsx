// /static-link/{username} (spec §2, §4 "Amount screen Proceed"; D5, D20, D30).
// scripts/check-budget.ts measures this module: the first paint is the amount screen alone
// (Mantine's field and button). The machine, the API client, storage and the fee summary
// arrive in a lazy chunk (StaticLinkController) that drives the same screen; what the student
// types before it arrives is kept and handed over.
import { lazy, Suspense, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { AmountScreen, type AmountScreenProps } from './AmountScreen';

const StaticLinkController = lazy(() => import('./StaticLinkController'));

/** What the controller publishes to the screen. */
export type AmountScreenModel = Omit<AmountScreenProps, 'onAmountChange' | 'onSubmit'> & {
  changeAmount(value: string): void;
  submit(): void;
};

/** Until the controller arrives: digits only, at most 9 (its machine applies the full rule). */
const earlyDigits = (value: string) => value.replace(/\D/g, '').slice(0, 9);

export function StaticLinkPage() {
  const { username = '' } = useParams();
  const [search] = useSearchParams();
  const book = search.get('book') === '1'; // D20
  const [draft, setDraft] = useState('');
  const [model, setModel] = useState<AmountScreenModel | null>(null);
  return (
    <>
      <AmountScreen
        tutorName={model?.tutorName ?? null}
        amountText={model ? model.amountText : draft}
        fieldError={model?.fieldError ?? null}
        canSubmit={model?.canSubmit ?? false}
        onAmountChange={model ? model.changeAmount : (value) => setDraft(earlyDigits(value))}
        onSubmit={() => model?.submit()}
        notice={model?.notice}
        summary={model?.summary}
      />
      <Suspense fallback={null}>
        <StaticLinkController
          key={username}
          username={username}
          book={book}
          draft={draft}
          onModel={setModel}
        />
      </Suspense>
    </>
  );
}
