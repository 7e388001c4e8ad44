// Dialogs load their code after first paint (Dialog.tsx, issue 11): an opened dialog shows once
// the code arrives, and a fetch that failed (a dropped connection) is tried again at the next
// opening, so the dialog still shows.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/ui/app/AppProviders';

let failNext = true;
vi.mock('../../src/ui/components/dialogChunk', async (importOriginal) => {
  if (failNext) {
    failNext = false;
    throw new Error('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

function Screen() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button onClick={() => setOpened(true)}>Open</button>
      <LazyModal opened={opened} onClose={() => setOpened(false)} title="Cancel the link?">
        The link stops working.
      </LazyModal>
    </>
  );
}

const { Modal: LazyModal } = await import('../../src/ui/components/Dialog');

describe('a dialog off the first paint', () => {
  it('shows when opened, after a failed fetch of its code too', async () => {
    render(
      <AppProviders>
        <Screen />
      </AppProviders>,
    );
    // The fetch the screen makes after first paint fails: nothing shows, and nothing breaks.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Opened, the code is fetched again and the dialog shows.
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Cancel the link?' })).toHaveTextContent(
      'The link stops working.',
    );
  });
});
