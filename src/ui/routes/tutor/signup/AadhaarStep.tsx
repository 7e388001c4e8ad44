// Sign-up step 3, Aadhaar (spec §2 "Aadhaar step", §8; D4, D15): keep the Aadhaar-registered
// phone ready, the ₹50,000 limit, the support numbers, and 'Verify' ('Verifying' with a spinner,
// 'Verify Again' after 'Verification Failed!'). The page's heading is 'Aadhaar Verification'.
// The aadhaarVerification machine holds the rules.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Button, Loader } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { AadhaarVerificationActorRef } from '../../../../../machines/aadhaarVerification/aadhaarVerification.machine';
import { supportLines } from '../../../../browser/runtimeConfig';
import { messages } from '../../../../domain/messages';
import { authClasses as classes } from '../../../components/AuthLayout';
import { ErrorPanel } from '../../../components/ErrorPanel';

const m = messages.aadhaar;
const support = messages.support;

/** The numbers are configuration (SUPPORT_PHONES); with none, the list is not shown. */
function SupportLines() {
  const lines = supportLines();
  return (
    <section className={classes.stack} aria-label={support.title}>
      <p className={classes.text}>{support.title}</p>
      {lines.length > 0 ? (
        <ul className={classes.text}>
          {lines.map((line) => (
            <li key={line.label}>
              {line.label}:{' '}
              <a className={classes.link} href={line.href}>
                {line.number}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <Link className={classes.link} to="/contact">
        {support.contactPage}
      </Link>
    </section>
  );
}

function VerifyButton({ aadhaar }: { aadhaar: AadhaarVerificationActorRef }) {
  const verifying = useSelector(aadhaar, (s) => s.hasTag('loading'));
  const failed = useSelector(aadhaar, (s) => s.context.failed);
  if (verifying) {
    // Spec §2: 'Verifying' with a spinner, and no second click.
    return (
      <Button size="md" fullWidth disabled aria-busy leftSection={<Loader size="xs" />}>
        {m.verifying}
      </Button>
    );
  }
  return (
    <Button size="md" fullWidth onClick={() => aadhaar.send({ type: 'aadhaar.verify' })}>
      {failed ? m.verifyAgain : m.verify}
    </Button>
  );
}

/** Back from the gateway's page, the browser may show this page as it was left (bfcache). */
function useReturnFromGateway(aadhaar: AadhaarVerificationActorRef) {
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) aadhaar.send({ type: 'aadhaar.returned' });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [aadhaar]);
}

export function AadhaarStep({ aadhaar }: { aadhaar: AadhaarVerificationActorRef }) {
  useReturnFromGateway(aadhaar);
  const conflict = useSelector(aadhaar, (s) => s.matches('conflict'));
  const failed = useSelector(aadhaar, (s) => s.matches('ready') && s.context.failed);
  const error = useSelector(aadhaar, (s) => s.context.error);
  if (conflict) {
    return (
      <div className={classes.stack}>
        <p className={classes.error} role="alert">
          {error}
        </p>
        <Button size="md" fullWidth onClick={() => aadhaar.send({ type: 'aadhaar.dashboard' })}>
          {m.toDashboard}
        </Button>
      </div>
    );
  }
  return (
    <div className={classes.stack}>
      {failed ? (
        <ErrorPanel title={m.failed}>
          <p>{m.contactUs}</p>
          {error ? <p>{error}</p> : null}
        </ErrorPanel>
      ) : null}
      <p className={classes.text}>{m.keepPhoneReady}</p>
      <p className={classes.text}>{m.limit}</p>
      <SupportLines />
      <VerifyButton aadhaar={aadhaar} />
    </div>
  );
}
