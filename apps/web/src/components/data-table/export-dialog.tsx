import type { RowData } from "@tanstack/react-table";
import { useEffect, useRef, useState } from "react";
import { Label, Radio, RadioGroup } from "react-aria-components";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { downloadCsv } from "./csv.ts";
import { columnsToExport, type ExportColumnChoice, gridCsv } from "./grid-csv.ts";
import { mutedText } from "./grid-styles.ts";
import { keptSelection } from "./selection.ts";
import type { DataGridState } from "./use-data-grid.ts";

const count = (n: number) => n.toLocaleString("en-US");

export const exportMessages = {
  title: "Export to CSV",
  rows: "Rows",
  columns: "Columns",
  shown: (n: number) => `The columns shown, in their order (${count(n)})`,
  all: (n: number) => `All columns (${count(n)})`,
  selected: (n: number, one: string, many: string) =>
    n === 1 ? `The selected ${one}` : `The ${count(n)} selected ${many}`,
  loaded: (n: number, total: number, many: string) =>
    `All ${count(n)} loaded ${many}${total > n ? ` (of ${count(total)}: scroll the grid to load more)` : ""}`,
  loading: "Loading the rows you asked for...",
  file: (name: string) => `Saved as ${name}`,
  cancel: "Cancel",
  export: "Export",
  waiting: "Waiting for the rows...",
} as const;

const radioClass =
  "flex cursor-pointer items-center gap-2 text-sm outline-none before:block before:h-4 before:w-4 before:shrink-0 before:rounded-full before:border before:border-slate-500 data-focus-visible:before:ring-2 data-focus-visible:before:ring-brand-500 data-selected:before:border-4 data-selected:before:border-brand-700 dark:data-selected:before:border-brand-300";

/**
 * Export (spec records 4, 9): the rows selected when it was asked for, or, with none, every loaded
 * row of the sort and filters asked for (waiting for them if they are loading); in the columns the
 * grid shows, in its order, or all columns. The dialog says which rows and which file before it
 * writes them.
 */
export function ExportDialog<Row extends RowData>({
  grid,
  noun,
  files,
  onClose,
}: {
  grid: DataGridState<Row>;
  noun: { one: string; many: string };
  files: { all: string; selected: string };
  onClose(): void;
}) {
  const { definition } = grid;
  const [choice, setChoice] = useState<ExportColumnChoice>("shown");
  const [waiting, setWaiting] = useState(false);
  // The selection as the user saw it when asking: rows reloading meanwhile (a new order, a table
  // shown again) may move a selected row out of the loaded ones, but it stays what is exported. A
  // selection changed in the grid since is taken as it is.
  const [asked, setAsked] = useState(() => ({ selection: grid.rowSelection, rows: grid.selected }));
  if (asked.selection !== grid.rowSelection) setAsked({ selection: grid.rowSelection, rows: grid.selected });
  const selected = keptSelection(asked.rows, grid.selected, definition.rowId);
  const failed = selected.length === 0 && grid.query.isError && !grid.reloading;
  // All columns: the hidden columns' fields, which the grid does not load, are asked for meanwhile.
  const { askEveryField } = grid;
  useEffect(() => {
    if (choice !== "all") return;
    askEveryField(true);
    return () => askEveryField(false);
  }, [choice, askEveryField]);
  const rows = !grid.complete ? null : selected.length ? selected : grid.current && !failed ? grid.rows : null;
  const fileName = selected.length ? files.selected : files.all;
  const shown = columnsToExport(definition.columns, grid.settings, "shown");
  const all = columnsToExport(definition.columns, grid.settings, "all");

  const write = (what: readonly Row[]) => {
    downloadCsv(fileName, gridCsv(choice === "all" ? all : shown, what));
    onClose();
  };
  // Asked for while the rows load: written once they are here.
  const latest = useRef({ rows, write });
  latest.current = { rows, write };
  const ready = rows !== null;
  useEffect(() => {
    const { rows: now, write: writeNow } = latest.current;
    if (!waiting || !ready || !now) return;
    setWaiting(false);
    writeNow(now);
  }, [waiting, ready]);

  return (
    <Dialog id={`export-${grid.instanceId}`} title={exportMessages.title} isOpen onClose={onClose}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (rows) write(rows);
          else if (!failed) setWaiting(true);
        }}
      >
        {failed ? <Alert>{definition.loadError}</Alert> : null}
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold">{exportMessages.rows}</p>
          <p aria-live="polite" className="text-sm">
            {selected.length
              ? exportMessages.selected(selected.length, noun.one.toLowerCase(), noun.many)
              : rows
                ? exportMessages.loaded(rows.length, grid.total, noun.many)
                : exportMessages.loading}
          </p>
          <p className={`text-xs ${mutedText}`}>{exportMessages.file(fileName)}</p>
        </div>
        <RadioGroup
          value={choice}
          onChange={(value) => setChoice(value as ExportColumnChoice)}
          className="flex flex-col gap-2"
        >
          <Label className="text-sm font-semibold">{exportMessages.columns}</Label>
          <Radio value="shown" className={radioClass}>
            {exportMessages.shown(shown.length)}
          </Radio>
          <Radio value="all" className={radioClass}>
            {exportMessages.all(all.length)}
          </Radio>
        </RadioGroup>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            {exportMessages.cancel}
          </Button>
          <Button type="submit" isDisabled={failed} isPending={waiting && !failed}>
            {waiting && !failed ? exportMessages.waiting : exportMessages.export}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
