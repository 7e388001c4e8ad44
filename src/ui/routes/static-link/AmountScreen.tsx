// The static link's amount screen as the student sees it (spec §2): 'Payment Amount', the
// 'Amount to pay' field with a ₹ prefix and the helper 'Enter a valid amount to pay to
// {tutor}', and 'Proceed to Pay'. Presentational: StaticLinkPage renders it at first paint and
// the lazily loaded controller feeds it; it never remounts, so nothing typed is lost.
// First-paint weight (scripts/check-budget.ts): plain elements with Mantine's look
// (AmountScreen.module.css, Mantine's CSS variables), like the shell's Placeholder. Mantine's
// Title, TextInput and Button would add ~23 KB gzip (Box, Input, Loader, CloseButton, Button)
// to what a student on a slow network downloads before seeing the screen.
import { useId, type ReactNode } from 'react';
import { messages } from '../../../domain/messages';
import { PayeeCard } from '../../components/trust/PayeeCard';
import { ProcessorLine } from '../../components/trust/ProcessorLine';
import { PaymentSteps } from '../../components/trust/PaymentSteps';
import { ProductBar } from '../../components/trust/ProductBar';
import classes from './AmountScreen.module.css';

export interface AmountScreenProps {
  /** The tutor's name once looked up. */
  tutorName: string | null;
  /** The tutor's KYC is approved: they can be paid (the payee card's verified mark). */
  verified: boolean;
  amountText: string;
  /** What is wrong with the amount (zero, above the limit), if anything. */
  fieldError: string | null;
  canSubmit: boolean;
  onAmountChange(value: string): void;
  onSubmit(): void;
  /** A failure and its retry, above the button. */
  notice?: ReactNode;
  /** The mobile fee summary. */
  summary?: ReactNode;
  /** The fees are still loading: the summary's place is kept for it. */
  summaryPending?: boolean;
}

const m = messages.staticLink;

export function AmountScreen(props: AmountScreenProps) {
  const { tutorName, amountText, fieldError, canSubmit, onAmountChange, onSubmit } = props;
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [tutorName ? helpId : null, fieldError ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <ProductBar />
      <main className={classes.main}>
        <form
          noValidate
          className={classes.stack}
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <PaymentSteps current="amount" />
          <h1 className={classes.title}>{m.title}</h1>
          <PayeeCard name={tutorName} verified={props.verified} />
          <div className={classes.field}>
            <label htmlFor={id} className={classes.label}>
              {m.amountLabel}
            </label>
            {/* Its line is kept while the tutor loads, so the button below does not jump
                when the name arrives (Lighthouse saw a layout shift of 0.058 on a phone). */}
            {tutorName ? (
              <p id={helpId} className={classes.description}>
                {m.amountHelper(tutorName)}
              </p>
            ) : (
              <p className={classes.description} aria-hidden="true">
                {'\u00a0'}
              </p>
            )}
            <div className={classes.control}>
              <span className={classes.prefix} aria-hidden="true">
                ₹
              </span>
              <input
                id={id}
                className={classes.input}
                inputMode="numeric"
                autoComplete="off"
                enterKeyHint="go"
                value={amountText}
                onChange={(event) => onAmountChange(event.currentTarget.value)}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={describedBy || undefined}
              />
            </div>
            {fieldError ? (
              <p id={errorId} className={classes.error}>
                {fieldError}
              </p>
            ) : null}
          </div>
          {props.notice}
          {props.summary ??
            (props.summaryPending ? (
              <div className={classes.summarySlot} aria-hidden="true" />
            ) : null)}
          <button type="submit" className={classes.proceed} disabled={!canSubmit}>
            {m.proceed}
          </button>
          <ProcessorLine />
        </form>
      </main>
    </>
  );
}
