// QR codes (the tutor's static link, to print or download). The `qrcode` library loads only
// when a QR is drawn (dynamic import), so it stays off every first paint.

/** A PNG data URL of `text`'s QR code, `size` pixels square, with a quiet zone. */
export async function qrPngDataUrl(text: string, size = 320): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { type: 'image/png', width: size, margin: 2, errorCorrectionLevel: 'M' });
}

/** A `data:<type>;base64,...` URL as a Blob (to save with download.ts's saveBlob). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', body = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
