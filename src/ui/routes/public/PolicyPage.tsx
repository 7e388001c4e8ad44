import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { lazy, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { PublicProfile } from '../../../../machines/publicProfile/publicProfile.machine';
import { messages, PRODUCT_NAME } from '../../../domain/messages';
import type { PolicyKind } from '../../components/PublicFooter';
import { PublicLayout } from '../../components/PublicLayout';
import { AfterPaint } from '../../app/AfterPaint';
import { loadInLanguage } from '../../app/loadInLanguage';
import { LookupStatus } from './LookupStatus';
import type { ProfileModel } from './ProfileContent';
import { PolicySections } from './PolicySections';
import { fullName } from './tutorName';
import { policyTexts } from '../../../domain/publicPageTexts';

function Policy({ kind, profile }: { kind: PolicyKind; profile: PublicProfile }) {
  const merchant = fullName(profile);
  const supportEmail = messages.publicPages.supportEmail(profile.username);
  const sections = policyTexts[kind]({
    merchant,
    product: PRODUCT_NAME,
    supportEmail,
    phone: profile.phone,
  });
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Text>
          {messages.publicPages.merchant}: {merchant}
        </Text>
        <Text>
          {messages.publicPages.support}:{' '}
          <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
        </Text>
      </Stack>
      <PolicySections sections={sections} />
    </Stack>
  );
}

const ProfileController = lazy(() => loadInLanguage(() => import('./ProfileController')));

const LOOKING_UP: ProfileModel = {
  profile: null,
  failure: null,
  retry: () => {},
  lastVerified: null,
};

/**
 * D219: as the profile (D202), the first paint is the page's frame while the tutor is looked up;
 * the lookup's machine, and XState with it, come after it (ProfileController).
 */
function PolicyScreen({ kind, username }: { kind: PolicyKind; username: string }) {
  const [{ profile, failure, retry }, setModel] = useState(LOOKING_UP);
  return (
    <PublicLayout username={profile?.username}>
      <Stack gap="lg">
        <Title order={1}>{messages.footer[kind]}</Title>
        {profile ? (
          <Policy kind={kind} profile={profile} />
        ) : (
          <LookupStatus failure={failure} onRetry={retry} />
        )}
      </Stack>
      <AfterPaint>
        <ProfileController username={username} onModel={setModel} />
      </AfterPaint>
    </PublicLayout>
  );
}

/**
 * /{tutorUserName}/terms-of-use, refund-policy, contact-policy, pricing, privacy-policy
 * (spec §2): the tutor is the merchant; the support address is derived from the username.
 */
export function PolicyPage({ kind }: { kind: PolicyKind }) {
  const { username = '' } = useParams();
  return <PolicyScreen key={username} kind={kind} username={username} />;
}
