// The payee look-up's KYC dialogs (spec §4 "Gateway onboarding status"): the KYC link is sent
// (NONE … MIN_KYC_REJECTED), or KYC is done and payments start in 2-3 business days
// (MIN_KYC_SUBMITTED).
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Button, Text } from '@mantine/core';
import { messages } from '../../../domain/messages';
import { Modal } from '../../components/Dialog';

export type KycDialogKind = 'kycLinkSent' | 'kycDone';

const m = messages.payeeLookup;

export function KycDialog({ kind, onClose }: { kind: KycDialogKind | null; onClose(): void }) {
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      withCloseButton={false}
      centered
      title={kind === 'kycDone' ? m.kycDoneTitle : m.kycPendingTitle}
    >
      <Text>{kind === 'kycDone' ? m.kycDone : m.kycLinkSent}</Text>
      <Button mt="lg" fullWidth onClick={onClose} data-autofocus>
        {m.ok}
      </Button>
    </Modal>
  );
}
