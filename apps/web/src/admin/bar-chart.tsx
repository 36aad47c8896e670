import { useId } from 'react';

export type Bar = { label: string; value: number; text: string };

const WIDTH = 640;
const HEIGHT = 200;
const PAD = 24;

/**
 * A plain SVG bar chart (decision 411: no chart library for a few bars). Named by its title for
 * assistive technology; each bar carries its label and value as a <title> (a tooltip on hover).
 * The figures are always also in the table beside it, which is what a screen reader should read.
 */
export function BarChart({ title, bars }: { title: string; bars: readonly Bar[] }) {
  const id = useId();
  const max = Math.max(0, ...bars.map((b) => b.value));
  const min = Math.min(0, ...bars.map((b) => b.value));
  const span = max - min || 1;
  const y = (v: number) => PAD + ((max - v) / span) * (HEIGHT - 2 * PAD);
  const slot = bars.length ? (WIDTH - 2 * PAD) / bars.length : 0;
  const width = Math.max(2, slot * 0.7);
  return (
    <figure className="admin-chart">
      <svg role="img" aria-labelledby={id} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" preserveAspectRatio="none">
        <title id={id}>{title}</title>
        <line x1={PAD} x2={WIDTH - PAD} y1={y(0)} y2={y(0)} className="admin-chart-axis" />
        {bars.map((b, i) => {
          const top = Math.min(y(b.value), y(0));
          return (
            <rect key={b.label} x={PAD + i * slot + (slot - width) / 2} y={top} width={width} height={Math.max(1, Math.abs(y(b.value) - y(0)))} className={b.value < 0 ? 'admin-chart-bar negative' : 'admin-chart-bar'}>
              <title>{`${b.label}: ${b.text}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption>{title}</figcaption>
    </figure>
  );
}
