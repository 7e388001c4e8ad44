// A due's own payment link and QR (D147), in a dialog over the Dues tab, to copy, show or share
// on WhatsApp with the payer (D239). Renders the dueLink machine.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Button, Code, CopyButton, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type {
  DueLinkActorRef,
  DueLinkShown,
} from '../../../../../../machines/dueLink/dueLink.machine';
import { formatINR, formatTextAmount } from '../../../../../domain/money';
import { whatsAppLink } from '../../../../../domain/share';
import { studentsTexts } from '../../../../../domain/studentsTexts';
import { useQr } from '../../../../components/useQr';
import { Modal } from '../../../../components/Dialog';

const t = studentsTexts.duesTab;

function LinkWithQr({
  link,
  student,
  payerPhone,
}: {
  link: DueLinkShown;
  student: string;
  payerPhone: string | null;
}) {
  const qr = useQr(link.url);
  return (
    <Stack align="center" gap="sm">
      <Text size="sm">{t.linkIntro(formatINR(link.amount))}</Text>
      {qr.state === 'drawing' ? <Loader size="sm" /> : null}
      {qr.state === 'failed' ? <Text c="red.9">{t.linkQrFailed}</Text> : null}
      {qr.state === 'drawn' ? <Image src={qr.dataUrl} alt={t.linkQrAlt} w={220} h={220} /> : null}
      <Code style={{ overflowWrap: 'anywhere' }}>{link.url}</Code>
      <Group gap="xs" justify="center">
        <CopyButton value={link.url}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? t.copied : t.copy}
            </Button>
          )}
        </CopyButton>
        <Button
          size="xs"
          color="teal.9"
          component="a"
          href={whatsAppLink(
            payerPhone,
            t.linkShareText(student, formatTextAmount(link.amount), link.url),
          )}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t.shareWhatsApp}
        </Button>
      </Group>
    </Stack>
  );
}

export function DueLinkDialog({
  actor,
  payerPhone = null,
}: {
  actor: DueLinkActorRef;
  /** Who pays the due: the link is shared with them on WhatsApp. */
  payerPhone?: string | null;
}) {
  const step = useSelector(actor, (s) => s.value);
  const student = useSelector(actor, (s) => s.context.student);
  const link = useSelector(actor, (s) => s.context.link);
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <Modal
      opened={step !== 'idle' && step !== 'unauthorized'}
      onClose={() => actor.send({ type: 'link.close' })}
      title={t.linkTitle(student)}
      centered
    >
      {step === 'fetching' ? <Loader size="sm" aria-label={t.linkTitle(student)} /> : null}
      {step === 'failed' ? (
        <Stack gap="sm">
          <Alert color="red" role="alert">
            {error}
          </Alert>
          <Button variant="light" onClick={() => actor.send({ type: 'link.retry' })}>
            {t.retry}
          </Button>
        </Stack>
      ) : null}
      {step === 'shown' && link ? (
        <LinkWithQr link={link} student={student} payerPhone={payerPhone} />
      ) : null}
    </Modal>
  );
}
