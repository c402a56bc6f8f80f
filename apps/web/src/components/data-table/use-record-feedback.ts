import type { RowData } from "@tanstack/react-table";
import type { RecordId } from "../../lib/tab-handlers.ts";
import { toast } from "../ui/toast.tsx";
import type { RecordDefinition } from "./record-definition.ts";
import type { SavedRecord } from "./types.ts";
import type { DataGridState } from "./use-data-grid.ts";

const quoted = (name: string) => `'${name}'`;

/** The toast after an add or edit: "Building 'Harbor Annex' added", "12 units added". */
export function toastSaved(noun: { one: string; many: string }, mode: "add" | "edit", saved: SavedRecord) {
  const what =
    saved.count !== undefined && saved.count > 1
      ? `${saved.count.toLocaleString("en-US")} ${noun.many}`
      : `${noun.one} ${quoted(saved.name)}`;
  toast({ title: `${what} ${mode === "add" ? "added" : "saved"}` });
}

/**
 * What the user is told after a change (issue 10, item 11): a short toast, the saved or restored row
 * scrolled into view and highlighted, and Undo after a delete.
 */
export function useRecordFeedback<Row extends RowData, Id extends RecordId>(
  definition: RecordDefinition<Row, Id>,
  grid: DataGridState<Row>,
  refresh: () => Promise<void>,
) {
  const { noun } = definition;
  const many = (n: number) => `${n.toLocaleString("en-US")} ${noun.many}`;

  const undo = async (ids: Id[], what: string) => {
    if (!definition.restore) return;
    try {
      const result = await definition.restore(ids);
      await refresh();
      const first = result.ids[0];
      if (first !== undefined) grid.reveal(String(first));
      if (result.restored === ids.length) toast({ title: `${what} restored` });
      else
        toast({
          tone: "error",
          title: result.restored
            ? `${result.restored} of ${many(ids.length)} restored`
            : `${what} could not be restored`,
          description: "A record whose property was deleted since cannot come back.",
        });
    } catch (err) {
      toast({
        tone: "error",
        title: `${what} could not be restored`,
        description: err instanceof Error ? err.message : undefined,
      });
    }
  };

  return {
    /** After an add or edit: the dialog has closed; the list refreshes and shows the saved row. */
    saved(mode: "add" | "edit", saved: SavedRecord) {
      toastSaved(noun, mode, saved);
      void refresh().then(() => grid.reveal(saved.id));
    },
    /** After a delete went through: the toast offers Undo, which puts the records back. */
    deleted(rows: Row[]) {
      const [only] = rows;
      const what =
        rows.length === 1 && only !== undefined
          ? `${noun.one} ${quoted(definition.titles.name(only))}`
          : many(rows.length);
      const ids = rows.map(definition.recordId);
      toast({
        title: `${what} deleted`,
        ...(definition.restore ? { action: { label: "Undo", run: () => void undo(ids, what) } } : {}),
      });
    },
  };
}
