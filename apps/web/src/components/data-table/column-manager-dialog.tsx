import type { RowData } from "@tanstack/react-table";
import { Button } from "../ui/button.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { Dialog } from "../ui/dialog.tsx";
import type { DataGridState } from "./use-data-grid.ts";

export const columnManagerMessages = {
  title: "Manage Columns",
  hideAll: "Hide All",
  showAll: "Show All",
  done: "Done",
  noneSelected: "Please select at least one column before closing",
  doneHint: "At least one column must be selected",
} as const;

const OTHER = "Other";

/** Spec records 2.8 and 4: columns by category, visibility choices, Hide All, and at least one column kept. */
export function ColumnManagerDialog<Row extends RowData>({
  grid,
  isOpen,
  onClose,
}: {
  grid: DataGridState<Row>;
  isOpen: boolean;
  onClose(): void;
}) {
  const { definition, settings } = grid;
  const visible = (id: string) => settings.visibility[id] !== false;
  const noneVisible = definition.columns.every((c) => !visible(c.id));
  const categories = [...new Set(definition.columns.map((c) => c.category ?? OTHER))];
  const close = () => {
    if (!noneVisible) onClose();
  };

  return (
    <Dialog
      id={`columns-${grid.instanceId}`}
      title={columnManagerMessages.title}
      isOpen={isOpen}
      onClose={close}
      width="max-w-none sm:w-3/4"
    >
      <div className="flex flex-col gap-4">
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onPress={() => grid.update("visibility", Object.fromEntries(definition.columns.map((c) => [c.id, false])))}
          >
            {columnManagerMessages.hideAll}
          </Button>
          <Button variant="secondary" onPress={grid.showAllColumns}>
            {columnManagerMessages.showAll}
          </Button>
        </div>
        {noneVisible ? (
          <p role="alert" className="text-sm font-medium text-amber-700 dark:text-amber-300">
            {columnManagerMessages.noneSelected}
          </p>
        ) : null}
        <div className="grid max-h-[500px] gap-4 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <fieldset key={category} className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-100">{category}</legend>
              {definition.columns
                .filter((c) => (c.category ?? OTHER) === category)
                .map((c) => (
                  <Checkbox
                    key={c.id}
                    isSelected={visible(c.id)}
                    onChange={(on) => grid.update("visibility", (prev) => ({ ...prev, [c.id]: on }))}
                  >
                    {c.header}
                  </Checkbox>
                ))}
            </fieldset>
          ))}
        </div>
        <div className="flex items-center justify-end gap-3">
          {noneVisible ? (
            <span id={`done-hint-${grid.instanceId}`} className="text-xs text-slate-500">
              {columnManagerMessages.doneHint}
            </span>
          ) : null}
          <Button
            isDisabled={noneVisible}
            aria-describedby={noneVisible ? `done-hint-${grid.instanceId}` : undefined}
            onPress={close}
          >
            {columnManagerMessages.done}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
