// Illustrations for the home promotions, drawn for Colorplay (decorative: slide text carries the meaning).

function Ball({ cx, cy, r, fill, digit }: { cx: number; cy: number; r: number; fill: string; digit: string }) {
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill={fill} />
      <circle cx={cx} cy={cy} r={r * 0.62} fill="#fff" />
      <text x={cx} y={cy + r * 0.24} textAnchor="middle" fontSize={r * 0.72} fontWeight="800" fill={fill} fontFamily="system-ui, sans-serif">
        {digit}
      </text>
    </g>
  );
}

/** Three Wingo number balls in the game's colours, with a check mark for verifiable results. */
export function WingoArt() {
  return (
    <svg viewBox="0 0 140 100" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="promo-five" x1="0" x2="1">
          <stop offset="0.5" stopColor="var(--c-green)" />
          <stop offset="0.5" stopColor="var(--c-violet)" />
        </linearGradient>
      </defs>
      <Ball cx={38} cy={62} r={22} fill="var(--c-red)" digit="8" />
      <Ball cx={92} cy={64} r={20} fill="var(--c-green)" digit="3" />
      <Ball cx={66} cy={34} r={24} fill="url(#promo-five)" digit="5" />
      <circle cx="116" cy="26" r="13" fill="#fff" />
      <path d="M109.5 26.5l4.5 4.5 8-9" fill="none" stroke="var(--c-green)" strokeWidth="3.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A phone with a lightning bolt and a rupee coin: money arriving at once. */
export function RechargeArt() {
  return (
    <svg viewBox="0 0 140 100" aria-hidden="true" focusable="false">
      <rect x="44" y="8" width="50" height="86" rx="9" fill="#fff" opacity="0.95" />
      <rect x="49" y="16" width="40" height="66" rx="4" fill="var(--c-violet-deep)" />
      <path d="M72 24l-12 22h10l-4 22 14-26H70z" fill="#ffd35a" />
      <circle cx="104" cy="66" r="18" fill="#ffc23d" />
      <circle cx="104" cy="66" r="13" fill="none" stroke="#e59a12" strokeWidth="2" />
      <text x="104" y="72.5" textAnchor="middle" fontSize="17" fontWeight="800" fill="#b86e00" fontFamily="system-ui, sans-serif">
        ₹
      </text>
    </svg>
  );
}

/** A shield marked 18+ beside a pause sign: limits and breaks. */
export function ResponsibleArt() {
  return (
    <svg viewBox="0 0 140 100" aria-hidden="true" focusable="false">
      <path d="M70 8l34 12v24c0 24-16 40-34 48-18-8-34-24-34-48V20z" fill="#fff" opacity="0.95" />
      <path d="M70 17l25 9v18c0 18-11 30-25 37-14-7-25-19-25-37V26z" fill="var(--c-green-deep)" />
      <text x="70" y="58" textAnchor="middle" fontSize="22" fontWeight="800" fill="#fff" fontFamily="system-ui, sans-serif">
        18+
      </text>
      <circle cx="114" cy="70" r="15" fill="#fff" />
      <rect x="108" y="63" width="4" height="14" rx="1.5" fill="var(--c-red)" />
      <rect x="116" y="63" width="4" height="14" rx="1.5" fill="var(--c-red)" />
    </svg>
  );
}
