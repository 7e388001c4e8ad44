// /pay/tutor-details (spec §2, §5; D16, D28): the tutor's first and last name (as on the
// PAN) and PAN; the tutor is registered and invited, then the KYC dialog. D178: the first
// paint is the title and the spinner it showed anyway while the machine read what the amount
// screen kept; the machine and the form (TutorDetailsFlow) are fetched after that paint.
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Loader.css';
import { Loader, Stack, Title } from '@mantine/core';
import { lazy } from 'react';
import { messages } from '../../../domain/messages';
import { AfterPaint } from '../../app/AfterPaint';
import { loadInLanguage } from '../../app/loadInLanguage';
import { PaymentScreen } from '../../components/trust/PaymentScreen';

const m = messages.tutorDetails;

const TutorDetailsFlow = lazy(async () => ({
  default: (await loadInLanguage(() => import('./TutorDetailsFlow'))).TutorDetailsFlow,
}));

export function TutorDetailsPage() {
  return (
    <PaymentScreen>
      <Stack gap="lg">
        <Title order={1}>{m.title}</Title>
        <AfterPaint fallback={<Loader aria-label={m.title} />}>
          <TutorDetailsFlow />
        </AfterPaint>
      </Stack>
    </PaymentScreen>
  );
}
