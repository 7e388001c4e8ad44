// The Web Share API (the phone's share sheet), for views that offer Share next to Copy. Views
// never touch `navigator` themselves: they ask `canShare()` to show the button, then `share()`.

export interface ShareData {
  title: string;
  text?: string;
  url: string;
}

/** The browser has a share sheet (most phones; few desktops). */
export function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * Opens the share sheet. Resolves true when shared, false when the user closed the sheet or
 * the browser refused: sharing is a convenience, never an error to show.
 */
export async function share(data: ShareData): Promise<boolean> {
  if (!canShare()) return false;
  try {
    await navigator.share(data);
    return true;
  } catch {
    return false;
  }
}
