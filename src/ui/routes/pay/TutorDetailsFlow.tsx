// /pay/tutor-details' form, loaded after the page's first paint (TutorDetailsPage, D178): the
// tutor's first and last name (as on the PAN) and PAN; the tutor is registered and invited,
// then the KYC dialog.
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  tutorDetailsMachine,
  tutorFieldErrors,
  type RegisterTutorInput,
} from '../../../../machines/payeeLookup/tutorDetails.machine';
import { messages } from '../../../domain/messages';
import { useNavigateAction } from '../../app/navigation';
import { serviceActor, usePaymentServices } from '../../components/PaymentServicesContext';
import { KycDialog } from './KycDialog';
import { storePayee } from './paymentStore';

const m = messages.tutorDetails;

/** Starts the page's tutorDetails actor (it first reads what the amount screen kept). */
export function TutorDetailsFlow() {
  const services = usePaymentServices();
  const navigate = useNavigateAction();
  const actorRef = useActorRef(
    tutorDetailsMachine.provide({
      actors: {
        readPending: serviceActor(() => services.readPending()),
        registerTutor: serviceActor((input: RegisterTutorInput, signal) =>
          services.registerTutor(input, signal),
        ),
      },
      actions: { navigate, storePayee },
    }),
  );
  return <TutorDetailsView actorRef={actorRef} />;
}

/** The form on a running tutorDetails actor, under its title (the path tests render it on theirs). */
export function TutorDetailsView({
  actorRef,
}: {
  actorRef: ActorRefFrom<typeof tutorDetailsMachine>;
}) {
  const context = useSelector(actorRef, (s) => s.context);
  const loading = useSelector(actorRef, (s) => s.matches('loading'));
  const busy = useSelector(actorRef, (s) => s.matches('registering'));
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'details.submit' }));
  const dialog = useSelector(actorRef, (s) =>
    s.matches('kycLinkSent') ? 'kycLinkSent' : s.matches('kycDone') ? 'kycDone' : null,
  );
  const errors = tutorFieldErrors(context);

  return (
    <>
      {loading ? (
        <Loader aria-label={m.title} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actorRef.send({ type: 'details.submit' });
          }}
        >
          <Stack gap="md">
            <Text c="dimmed">{m.intro}</Text>
            <TextInput
              label={m.firstName}
              autoComplete="off"
              size="md"
              value={context.firstName}
              readOnly={busy}
              onChange={(event) =>
                actorRef.send({ type: 'firstName.change', value: event.currentTarget.value })
              }
              error={errors.firstName}
            />
            <TextInput
              label={m.lastName}
              autoComplete="off"
              size="md"
              value={context.lastName}
              readOnly={busy}
              onChange={(event) =>
                actorRef.send({ type: 'lastName.change', value: event.currentTarget.value })
              }
              error={errors.lastName}
            />
            <TextInput
              label={m.pan}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="go"
              size="md"
              value={context.pan}
              readOnly={busy}
              onChange={(event) =>
                actorRef.send({ type: 'pan.change', value: event.currentTarget.value })
              }
              error={errors.pan}
            />
            {context.error ? (
              <Alert color="red" role="alert">
                {context.error}
              </Alert>
            ) : null}
            <Button type="submit" size="md" fullWidth disabled={!canSubmit} loading={busy}>
              {m.submit}
            </Button>
          </Stack>
        </form>
      )}
      <KycDialog kind={dialog} onClose={() => actorRef.send({ type: 'dialog.close' })} />
    </>
  );
}
