import { useEffect, useState } from 'react';
import { localDigits, t } from '../../../lib/i18n/locale';

/**
 * A QR code of the store's bKash number, drawn in the browser (uqr, loaded only when bKash is chosen):
 * no image to download, no third-party service.
 */
export function BkashQr({ number }: { number: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('uqr').then(({ renderSVG }) => {
      if (cancelled) return;
      const svg = renderSVG(number, { border: 2, pixelSize: 6 });
      setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      cancelled = true;
    };
  }, [number]);
  return (
    <div className="bkash-qr">
      {src ? <img src={src} width={180} height={180} alt={t('checkout.bkashQr', { number: localDigits(number) })} /> : <span className="spinner" aria-hidden="true" />}
    </div>
  );
}
