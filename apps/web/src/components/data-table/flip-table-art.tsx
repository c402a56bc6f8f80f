/**
 * The spec's empty-state flip-table emoticon, "(╯°□°)╯︵ ┻━┻", drawn as lines: as text, its "︵"
 * is missing from common fonts (DejaVu, Liberation) and showed as a missing-glyph box. Decorative.
 */
export function FlipTableArt({ className = "" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 132 28"
      className={`h-7 w-auto ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {/* ( ╯ ° □ ° ) ╯ */}
      <path d="M8 3 Q2 14 8 25" />
      <path d="M11 14 H13.5 Q16.5 14 16.5 11 V3" />
      <circle cx="27.5" cy="8" r="2" />
      <rect x="34" y="9" width="8" height="8" />
      <circle cx="49.5" cy="8" r="2" />
      <path d="M58 3 Q64 14 58 25" />
      <path d="M66 14 H68.5 Q71.5 14 71.5 11 V3" />
      {/* ︵ the throw */}
      <path d="M78 13 Q83 4 88 13" />
      {/* ┻━┻ the table, legs up */}
      <path d="M99 17 H131 M104.5 17 V7 M125.5 17 V7" strokeWidth="3" strokeLinecap="butt" />
    </svg>
  );
}
