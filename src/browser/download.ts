// Saving a file the API sent (CSV exports, PDF receipts): downloads need the Bearer header, so
// the API client fetches them as a blob and this saves it under the server's file name.

/** Saves `blob` as `fileName` through an object URL and a temporary <a download>. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // After the click has handed the URL to the download; revoking at once can cancel it.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, or null. */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(contentDisposition);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name === '' ? null : name;
}
