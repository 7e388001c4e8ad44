// The payee panel of /student/login and /student/signup (spec §2; on phones too, issue 13): whom the student is
// paying, when they came in by a static or dynamic link. Read from storage (spec §3
// activePaymentTutorName, tutorPhone, activePaymentAmount); a separate chunk, so storage stays
// off the first paint.
import { storage } from '../../../browser/storage';
import { messages } from '../../../domain/messages';
import { formatINR } from '../../../domain/money';
import { PayeeCard } from '../../components/trust/PayeeCard';
import { PaymentSteps } from '../../components/trust/PaymentSteps';
import classes from './PayeeSummary.module.css';

export function PayeeSummary() {
  const flow = storage.get('activeFlow');
  if (flow !== 'StaticLinkFlow' && flow !== 'DynamicLinkFlow') return null;
  const name = storage.get('activePaymentTutorName');
  const phone = storage.get('tutorPhone');
  const amount = storage.get('activePaymentAmount');
  const verified = storage.get('activePaymentTutorVerified') === true;
  if (!name && !phone && amount === null) return null;
  const m = messages.studentLogin;
  return (
    <section className={classes.summary} aria-label={m.payingTo}>
      <PaymentSteps current="login" inverse />
      {name ? (
        <PayeeCard name={name} verified={verified} inverse />
      ) : (
        <p className={classes.heading}>{m.payingTo}</p>
      )}
      <dl className={classes.list}>
        {phone ? (
          <>
            <dt>{m.tutorPhone}</dt>
            <dd>{phone}</dd>
          </>
        ) : null}
        {amount !== null && amount > 0 ? (
          <>
            <dt>{m.amount}</dt>
            <dd className={classes.amount}>{formatINR(amount)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
