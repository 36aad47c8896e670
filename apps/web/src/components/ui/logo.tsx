/** Props of the Colorplay logo. */
export interface LogoProps {
  /** Accessible name; without it the logo is decorative and hidden from assistive technology. */
  title?: string;
  className?: string;
}

// The three arcs of the "C" are the three Wingo colours. With pathLength=360 the dash lengths and
// offsets below read as degrees around the ring, starting at three o'clock.
const ARCS = [
  { colour: 'var(--c-green)', startDeg: 32 },
  { colour: 'var(--c-red)', startDeg: 134 },
  { colour: 'var(--c-violet)', startDeg: 236 },
] as const;

/** The Colorplay mark: a "C" of green, red and violet arcs around a ball. Our own drawing. */
export function Logo({ title, className }: LogoProps) {
  const a11y = title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true };
  return (
    <svg className={className} viewBox="0 0 48 48" width="48" height="48" focusable="false" {...a11y}>
      {ARCS.map(({ colour, startDeg }) => (
        <circle
          key={startDeg}
          cx="24"
          cy="24"
          r="17"
          fill="none"
          stroke={colour}
          strokeWidth="8"
          strokeLinecap="round"
          pathLength={360}
          strokeDasharray="90 270"
          strokeDashoffset={-startDeg}
        />
      ))}
      <circle cx="24" cy="24" r="6.5" fill="#fff" />
      <circle cx="22" cy="22" r="2.2" fill="var(--c-violet)" opacity="0.35" />
    </svg>
  );
}
