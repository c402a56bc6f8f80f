/**
 * A menu entry's text (with its category in the search's suggestions), with a note when it does not
 * open: "Coming soon", or "Not for your role".
 */
export function MenuEntryLabel({ item, note, detail }: { item: string; note?: string | undefined; detail?: string }) {
  return (
    <span className="flex w-full items-center justify-between gap-3">
      <span>
        {item}
        {detail ? <span className="text-xs text-slate-600 dark:text-slate-300"> in {detail}</span> : null}
      </span>
      {note ? (
        <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {note}
        </span>
      ) : null}
    </span>
  );
}
