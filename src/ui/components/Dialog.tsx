// Issue 11: dialogs off the first paint. Mantine's Modal and Drawer bring about 15 KB gzip (a
// modal base, focus trap, scroll lock, portal, scroll area) to every screen that has a dialog,
// and no screen opens one before the user acts. A screen that has one fetches that code after
// its first paint; a dialog opened before it arrives shows when it does, and a failed fetch (a
// dropped connection) is tried again at the next opening.
import { useEffect, useState } from 'react';
import type { DrawerProps, ModalProps } from '@mantine/core';
import type * as DialogCode from './dialogChunk';
import { loadOnce } from './loadOnce';

type DialogChunk = typeof DialogCode;

let loaded: DialogChunk | null = null;
const loadDialogs = loadOnce(() => import('./dialogChunk').then((chunk) => (loaded = chunk)));

function useDialogChunk(opened: boolean): DialogChunk | null {
  const [chunk, setChunk] = useState(loaded);
  useEffect(() => {
    if (chunk) return;
    let current = true;
    loadDialogs().then(
      (arrived) => current && setChunk(arrived),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [chunk, opened]);
  return chunk;
}

/** Mantine's Modal, same props. */
export function Modal(props: ModalProps) {
  const chunk = useDialogChunk(props.opened);
  return chunk ? <chunk.Modal {...props} /> : null;
}

/** Mantine's Drawer, same props. */
export function Drawer(props: DrawerProps) {
  const chunk = useDialogChunk(props.opened);
  return chunk ? <chunk.Drawer {...props} /> : null;
}
