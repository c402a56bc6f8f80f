/*
 * The not-found page's picture: a key lost on the sea floor among swaying kelp, a fish passing and
 * bubbles rising. Decorative (hidden from assistive technology; the heading says it all), drawn in
 * both themes, and still for visitors who ask for reduced motion.
 */

const keyframes = `
@keyframes lost-key-rise { 0% { transform: translateY(0); opacity: 0; } 15% { opacity: 0.9; } 100% { transform: translateY(-150px); opacity: 0; } }
@keyframes lost-key-drift { 0% { transform: translate(0, 0); } 50% { transform: translate(-40px, 6px); } 100% { transform: translate(-80px, 0); } }
`;

/** x of the stem's foot, height, and the sway's delay in seconds. */
const fronds = [
  { x: 70, height: 150, delay: 0 },
  { x: 104, height: 112, delay: 0.9 },
  { x: 300, height: 165, delay: 0.4 },
  { x: 336, height: 120, delay: 1.4 },
  { x: 362, height: 90, delay: 0.7 },
];

const bubbles = [
  { cx: 214, r: 5, delay: 0 },
  { cx: 224, r: 3.5, delay: 1.6 },
  { cx: 208, r: 2.5, delay: 3.1 },
  { cx: 230, r: 4, delay: 4.2 },
];

/** `sway` is in styles.css. */
const sway = "origin-bottom motion-safe:animate-[sway_4.5s_ease-in-out_infinite]";

function Frond({ x, height, delay }: (typeof fronds)[number]) {
  const top = 206 - height;
  const leaves = Array.from({ length: Math.floor(height / 30) }, (_, i) => 206 - 26 - i * 30);
  return (
    <g className={sway} style={{ animationDelay: `${delay}s`, transformBox: "fill-box" }}>
      <path
        d={`M${x} 208 C ${x - 12} ${206 - height * 0.66}, ${x + 12} ${206 - height * 0.33}, ${x} ${top}`}
        className="fill-none stroke-emerald-700 dark:stroke-emerald-500"
        strokeWidth="4"
        strokeLinecap="round"
      />
      {leaves.map((y, i) => (
        <ellipse
          key={y}
          cx={i % 2 === 0 ? x + 9 : x - 9}
          cy={y}
          rx="10"
          ry="4.5"
          transform={`rotate(${i % 2 === 0 ? -35 : 35} ${i % 2 === 0 ? x + 9 : x - 9} ${y})`}
          className="fill-emerald-500 dark:fill-emerald-600"
        />
      ))}
    </g>
  );
}

export function LostKeyArtwork() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 400 240" className="h-auto w-full max-w-md">
      <style>{keyframes}</style>
      <defs>
        <linearGradient id="lost-key-sea" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" className="[stop-color:var(--color-cyan-100)] dark:[stop-color:var(--color-sky-900)]" />
          <stop offset="1" className="[stop-color:var(--color-teal-300)] dark:[stop-color:var(--color-slate-900)]" />
        </linearGradient>
        <clipPath id="lost-key-frame">
          <rect width="400" height="240" rx="24" />
        </clipPath>
      </defs>
      <g clipPath="url(#lost-key-frame)">
        <rect width="400" height="240" fill="url(#lost-key-sea)" />
        {/* Light falling through the water. */}
        <g className="fill-white opacity-40 dark:opacity-10">
          <path d="M120 0 L150 0 L110 200 L70 200 Z" />
          <path d="M200 0 L216 0 L196 190 L172 190 Z" />
          <path d="M280 0 L300 0 L330 200 L296 200 Z" />
        </g>
        {/* A fish passing by. */}
        <g className="motion-safe:animate-[lost-key-drift_14s_ease-in-out_infinite_alternate]">
          <g className="fill-orange-400 dark:fill-orange-300">
            <ellipse cx="300" cy="62" rx="17" ry="9" />
            <path d="M315 62 L330 52 L330 72 Z" />
          </g>
          <circle cx="291" cy="59" r="2" className="fill-slate-900" />
        </g>
        {fronds.map((f) => (
          <Frond key={f.x} {...f} />
        ))}
        {/* Sea floor with rocks. */}
        <path
          d="M0 204 C 60 192, 120 200, 200 196 S 340 188, 400 200 V 240 H 0 Z"
          className="fill-amber-200 dark:fill-stone-700"
        />
        <ellipse cx="150" cy="206" rx="22" ry="10" className="fill-slate-400 dark:fill-slate-600" />
        <ellipse cx="268" cy="208" rx="14" ry="7" className="fill-slate-500 dark:fill-slate-500" />
        {/* The lost key. */}
        <g transform="rotate(-14 218 206)">
          <g className="fill-amber-400 stroke-amber-700 dark:fill-amber-300 dark:stroke-amber-600" strokeWidth="2">
            <path
              fillRule="evenodd"
              d="M204 206 a 14 14 0 1 1 -28 0 a 14 14 0 1 1 28 0 Z M 196 206 a 6 6 0 1 0 -12 0 a 6 6 0 1 0 12 0 Z"
            />
            <path d="M203 202 H 252 V 210 H 246 V 218 H 240 V 210 H 234 V 216 H 228 V 210 H 203 Z" />
          </g>
        </g>
        {bubbles.map((b) => (
          <circle
            key={b.cx}
            cx={b.cx}
            cy="192"
            r={b.r}
            className="fill-white/40 stroke-white opacity-0 motion-safe:animate-[lost-key-rise_5.5s_ease-in_infinite] motion-reduce:opacity-80 dark:fill-white/10 dark:stroke-sky-200"
            strokeWidth="1.2"
            style={{ animationDelay: `${b.delay}s` }}
          />
        ))}
      </g>
    </svg>
  );
}
