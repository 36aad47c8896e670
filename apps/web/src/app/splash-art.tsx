/** The splash illustration, drawn for Colorplay: a wallet, a shield and coins rising from it. */
export function SplashArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 240 200" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="splash-wallet" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8c4dff" />
          <stop offset="1" stopColor="#4a1fb8" />
        </linearGradient>
        <radialGradient id="splash-glow">
          <stop offset="0" stopColor="#9a5cff" stopOpacity="0.55" />
          <stop offset="1" stopColor="#9a5cff" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="120" cy="112" r="96" fill="url(#splash-glow)" />
      <rect x="46" y="84" width="148" height="92" rx="16" fill="url(#splash-wallet)" />
      <rect x="46" y="84" width="148" height="24" rx="12" fill="#fff" opacity="0.12" />
      <rect x="150" y="116" width="52" height="34" rx="10" fill="#2c1380" />
      <circle cx="168" cy="133" r="7" fill="#ffd35a" />
      <path d="M92 60l28-10 28 10v22c0 20-13 32-28 39-15-7-28-19-28-39z" fill="#fff" />
      <path d="M108 84l9 9 17-19" fill="none" stroke="#1fbf75" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="60" cy="50" r="13" fill="#1fbf75" />
      <circle cx="186" cy="44" r="10" fill="#f0455a" />
      <circle cx="204" cy="76" r="6" fill="#9a5cff" />
      <circle cx="36" cy="86" r="6" fill="#f0455a" />
      <path d="M60 40v20M54 46l6-6 6 6" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
