// The Share tab (D2 of issue 5): the tutor's static link and public profile link, each with
// Copy and (where the phone has a share sheet) Share, and a QR code of the static link to
// download as a PNG or print. Only for a tutor who can accept payments (KYC approved or active).
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/UnstyledButton.css';
import './sharePrint.css';
import {
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { kycCard } from '../../../../../../machines/tutorDashboard/tutorDashboard.machine';
import { saveBlob } from '../../../../../browser/download';
import { printPage } from '../../../../../browser/print';
import { canShare, share } from '../../../../../browser/share';
import { dashboardTexts } from '../../../../../domain/dashboardTexts';
import { useQr } from '../../../../components/useQr';
import type { TutorTabPanelProps } from '../tutorTabs';

const t = dashboardTexts.tutor.share;

function LinkRow({ label, url, shareTitle }: { label: string; url: string; shareTitle: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Code style={{ overflowWrap: 'anywhere' }}>{url}</Code>
      <Group gap="xs">
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy} aria-label={t.copyAria(label)}>
              {copied ? t.copied : t.copy}
            </Button>
          )}
        </CopyButton>
        {canShare() ? (
          <Button
            size="xs"
            variant="light"
            aria-label={t.shareAria(label)}
            onClick={() => void share({ title: shareTitle, url })}
          >
            {t.share}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

function QrCard({ url, name, username }: { url: string; name: string; username: string }) {
  const qr = useQr(url);
  const download = async (dataUrl: string) => {
    const { dataUrlToBlob } = await import('../../../../../browser/qr');
    saveBlob(dataUrlToBlob(dataUrl), `${username}-qr.png`);
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      className="tp-share-print"
      component="section"
      aria-label={t.qrTitle}
    >
      <Stack align="center" gap="xs">
        <Title order={3} size="h5" className="tp-share-no-print">
          {t.qrTitle}
        </Title>
        {qr.state === 'drawing' ? <Loader size="sm" /> : null}
        {qr.state === 'failed' ? <Text c="red">{t.qrFailed}</Text> : null}
        {qr.state === 'drawn' ? (
          <>
            <Image src={qr.dataUrl} alt={t.qrAlt} w={220} h={220} />
            <Text fw={600}>{name}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {url}
            </Text>
            <Text size="sm" className="tp-share-print-caption">
              {t.printCaption}
            </Text>
            <Group gap="xs" className="tp-share-no-print">
              <Button size="xs" onClick={() => void download(qr.dataUrl)}>
                {t.downloadQr}
              </Button>
              <Button size="xs" variant="default" onClick={printPage}>
                {t.print}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function SharePanel({ profile }: TutorTabPanelProps) {
  const username = profile.username ?? null;
  if (kycCard(profile) !== 'accepting' || !username) return <Text>{t.notYet}</Text>;
  const name = [profile.first_name, profile.last_name]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  const origin = window.location.origin;
  const staticLink = `${origin}/static-link/${username}`;
  const shareTitle = t.shareTitle(name || username);
  return (
    <Stack>
      <Title order={2} size="h4">
        {t.title}
      </Title>
      <Text size="sm">{t.intro}</Text>
      <LinkRow label={t.staticLink} url={staticLink} shareTitle={shareTitle} />
      <LinkRow label={t.profileLink} url={`${origin}/${username}`} shareTitle={shareTitle} />
      <QrCard url={staticLink} name={name || username} username={username} />
    </Stack>
  );
}
