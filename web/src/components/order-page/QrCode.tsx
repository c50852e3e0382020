import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The QR code's size on screen, in CSS pixels (.qr-code keeps its room while it is drawn). */
const SIZE = 176;

/**
 * A QR code of `value`, drawn here (no outside service sees the address): dark on white in both
 * themes, as phone cameras read it best. `label` is its accessible name.
 */
export function QrCode({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (svg) => current && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => current && setSrc(null),
    );
    return () => {
      current = false;
    };
  }, [value]);
  return (
    <div className="qr-code">
      {src && <img src={src} alt={label} width={SIZE} height={SIZE} data-testid={testId} />}
    </div>
  );
}
