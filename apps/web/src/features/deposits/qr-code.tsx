import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code as one SVG path (no canvas, no innerHTML): each dark module is a 1x1 square in a
 * viewBox the size of the code, so it stays sharp at any size. Error correction M and the
 * standard 4-module quiet zone keep it readable by phone cameras (docs/decisions/031).
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, d } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 4 });
    let path = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) path += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { size: qr.size, d: path };
  }, [value]);
  return (
    <svg className={className} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
