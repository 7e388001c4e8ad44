// The tutor dashboard's GST tab (issue 50, D267): whether the tutor is registered for GST, the
// GSTIN and address their tax invoices carry, and whether their fees include GST.
import { useActorRef, useSelector } from '@xstate/react';
import { useEndSessionWhen } from '../../../../app/session';
import { TaxProfileForm } from '../../../../components/TaxProfileForm';
import { taxProfileLive } from '../../../../components/taxProfileLive';
import type { TutorTabPanelProps } from '../tutorTabs';

export function GstPanel(_props: TutorTabPanelProps) {
  const actor = useActorRef(taxProfileLive, { input: { who: 'teacher' } });
  useEndSessionWhen(useSelector(actor, (s) => s.matches('unauthorized')));
  return <TaxProfileForm actor={actor} />;
}
