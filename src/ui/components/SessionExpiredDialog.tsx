// 'Session Expired! Please login again' (spec §2 tutor/onboarding/aadhar-redirect, §4 "Tutor
// guard", §8): non-dismissable, a centred dialog from 850 px (BREAKPOINT_DESKTOP_PX) and a bottom
// drawer below it; its only way on is Login, to /tutor/login.
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import { Button, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINT_DESKTOP_PX } from '../../domain/constants';
import { messages } from '../../domain/messages';
import { Drawer, Modal } from './Dialog';

const DESKTOP_QUERY = `(min-width: ${BREAKPOINT_DESKTOP_PX}px)`;
const keepOpen = () => {};

export function SessionExpiredDialog({ opened, onLogin }: { opened: boolean; onLogin(): void }) {
  const desktop = useMediaQuery(DESKTOP_QUERY, false, { getInitialValueInEffect: false });
  const m = messages.auth;
  const body = (
    <>
      <Text c="dimmed">{m.sessionExpiredHint}</Text>
      <Button mt="lg" fullWidth onClick={onLogin} data-autofocus>
        {m.login}
      </Button>
    </>
  );
  const shared = {
    opened,
    onClose: keepOpen,
    withCloseButton: false,
    closeOnClickOutside: false,
    closeOnEscape: false,
    title: m.sessionExpired,
  } as const;
  return desktop ? (
    <Modal {...shared} centered>
      {body}
    </Modal>
  ) : (
    <Drawer
      {...shared}
      position="bottom"
      styles={{ content: { height: 'auto', flex: '0 0 auto' } }}
    >
      {body}
    </Drawer>
  );
}
