export function Spinner({ label = "Loading", className = "" }: { label?: string; className?: string }) {
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
