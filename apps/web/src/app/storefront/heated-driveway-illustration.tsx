/** A clean drawing of a heated driveway: snow on the lawn, a clear path where the cable runs. */
export function HeatedDrivewayIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 360" className={className} aria-hidden focusable="false">
      <defs>
        <linearGradient id="sky" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#dff1fb" />
          <stop offset="1" stopColor="#f5fbff" />
        </linearGradient>
        <linearGradient id="glow" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#fdba74" stopOpacity="0.55" />
          <stop offset="1" stopColor="#fb923c" stopOpacity="0.1" />
        </linearGradient>
      </defs>
      <rect width="480" height="360" rx="24" fill="url(#sky)" />
      <path d="M0 230c80-20 160-24 240-18s160 8 240-6v154H0z" fill="#ffffff" />
      <g>
        <path d="M250 120l80-58 80 58v92H250z" fill="#0f2740" />
        <path d="M240 124l90-66 90 66" fill="none" stroke="#ffffff" strokeWidth="10" strokeLinejoin="round" />
        <rect x="272" y="146" width="40" height="36" rx="4" fill="#fde68a" />
        <rect x="340" y="150" width="48" height="62" rx="4" fill="#1e3a5f" />
      </g>
      <path d="M330 212l-150 148h200l-8-148z" fill="#cbd5e1" />
      <path d="M330 212l-150 148h200l-8-148z" fill="url(#glow)" />
      <path
        d="M318 224l44 0M306 240l62 0M292 256l78 0M278 272l94 0M262 290l112 0M246 308l130 0M228 326l150 0M210 344l170 0"
        stroke="#ea580c"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="2 7"
      />
      <g fill="#ffffff" stroke="#bae6fd" strokeWidth="2">
        <circle cx="60" cy="70" r="5" />
        <circle cx="120" cy="40" r="4" />
        <circle cx="180" cy="92" r="6" />
        <circle cx="90" cy="140" r="4" />
        <circle cx="440" cy="60" r="5" />
        <circle cx="200" cy="30" r="3" />
      </g>
      <g stroke="#0b6aa2" strokeWidth="3" strokeLinecap="round">
        <path d="M70 250v28M56 264h28M60 254l20 20M80 254l-20 20" />
        <path d="M140 300v20M130 310h20" />
      </g>
    </svg>
  );
}
