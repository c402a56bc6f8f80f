/**
 * `small` shows the label as text beside a smaller ring, for a status line (on a phone the ring
 * alone, where the line has no room); otherwise the label is only the ring's name.
 */
export function Spinner({
  label = "Loading",
  className = "",
  small = false,
}: {
  label?: string;
  className?: string;
  small?: boolean;
}) {
  if (small)
    return (
      <span role="status" aria-label={label} className={`inline-flex items-center gap-1.5 ${className}`}>
        <span
          aria-hidden="true"
          className="block h-3.5 w-3.5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
        />
        <span className="max-sm:hidden">{label}</span>
      </span>
    );
  return (
    <span role="status" aria-label={label} className={`inline-block ${className}`}>
      <span className="block h-6 w-6 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
    </span>
  );
}

/** Shown while a route change is pending. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label="Loading page" className="scale-150" />
    </div>
  );
}
