// The tutor's 'Your data' tab (issue 54): their own data (download, withdraw, erase) and the
// audit trail of their account.
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Stack.css';
import { Divider, Stack } from '@mantine/core';
import { AuditTrail } from '../../../privacy/AuditTrail';
import { MyData } from '../../../privacy/MyData';
import type { TutorTabPanelProps } from '../tutorTabs';

export function PrivacyPanel(_props: TutorTabPanelProps) {
  return (
    <Stack gap="xl">
      <MyData />
      <Divider />
      <AuditTrail />
    </Stack>
  );
}
