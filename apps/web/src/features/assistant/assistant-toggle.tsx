/** The AI button of the workspace and public headers: shows and hides the assistant panel. */
export function AssistantToggle({ open, onToggle }: { open: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      aria-pressed={open}
      onClick={onToggle}
      className="rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-700 outline-none hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 sm:px-3 dark:text-brand-500 dark:hover:bg-slate-800"
    >
      AI
    </button>
  );
}
