/** A pass's barcode as the wallet shows it: QR at once, the other symbologies once their encoder has loaded. */
import { useEffect, useMemo, useState } from 'react';
import type { BarcodeFormat } from '@passes/domain';
import { qrImage } from './qr-image';

interface BarcodeProps {
  format: BarcodeFormat;
  message: string;
  /** What the image is, for people who cannot see it. */
  label: string;
  className?: string;
}

export function Barcode({ format, message, label, className }: BarcodeProps) {
  const qr = useMemo(() => (format === 'qr' ? safely(() => qrImage(message)) : null), [format, message]);
  const other = useOtherSymbology(format, message);
  const source = format === 'qr' ? qr : other;
  if (source === undefined) return <div className={`barcode pending ${className ?? ''}`} role="status" aria-label={`${label}: drawing`} />;
  if (source === null) {
    return (
      <p className={`barcode unreadable ${className ?? ''}`} role="note">
        This text cannot be drawn as a {format.toUpperCase()} barcode.
      </p>
    );
  }
  return <img className={`barcode ${format} ${className ?? ''}`} src={source} alt={label} data-barcode-message={message} />;
}

/** undefined while loading, null when the text cannot be encoded. */
function useOtherSymbology(format: BarcodeFormat, message: string): string | null | undefined {
  const [image, setImage] = useState<{ key: string; source: string | null } | null>(null);
  const key = `${format}\n${message}`;
  useEffect(() => {
    if (format === 'qr') return undefined;
    let current = true;
    import('./other-symbologies').then(
      ({ otherSymbologyImage }) => current && setImage({ key, source: safely(() => otherSymbologyImage(format, message)) }),
      () => current && setImage({ key, source: null }),
    );
    return () => {
      current = false;
    };
  }, [format, message, key]);
  return image?.key === key ? image.source : undefined;
}

function safely(draw: () => string): string | null {
  try {
    return draw();
  } catch {
    return null;
  }
}
