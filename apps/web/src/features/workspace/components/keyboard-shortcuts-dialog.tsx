import { Dialog } from "../../../components/ui/dialog.tsx";
import { keyboardShortcuts } from "../keyboard-shortcuts.ts";

/** The "Keyboard shortcuts" help, opened by ? or from the user menu. */
export function KeyboardShortcutsDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  return (
    <Dialog id="keyboard-shortcuts" title="Keyboard shortcuts" isOpen={isOpen} onClose={onClose} width="max-w-2xl">
      <div className="grid gap-5 sm:grid-cols-2">
        {keyboardShortcuts.map(({ group, keys }) => (
          <section key={group}>
            <h3 className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">{group}</h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
              {keys.map((k) => (
                <div key={`${group}-${k.keys}`} className="contents">
                  <dt>
                    <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-sans text-xs whitespace-nowrap text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
                      {k.keys}
                    </kbd>
                  </dt>
                  <dd className="text-slate-700 dark:text-slate-300">{k.does}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
