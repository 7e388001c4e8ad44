// A QR code of a URL as a PNG data URL, drawn once the QR library has loaded (it stays off
// every first paint): the Share tab's static link, a due's payment link.
import { useEffect, useState } from 'react';

export type Qr = { state: 'drawing' } | { state: 'drawn'; dataUrl: string } | { state: 'failed' };

export function useQr(url: string): Qr {
  const [qr, setQr] = useState<Qr>({ state: 'drawing' });
  useEffect(() => {
    let live = true;
    setQr({ state: 'drawing' });
    void import('../../browser/qr')
      .then(({ qrPngDataUrl }) => qrPngDataUrl(url))
      .then(
        (dataUrl) => live && setQr({ state: 'drawn', dataUrl }),
        () => live && setQr({ state: 'failed' }),
      );
    return () => {
      live = false;
    };
  }, [url]);
  return qr;
}
