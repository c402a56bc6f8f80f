import { type Permission, permissionMessages } from "@keyholder/contracts/permissions";
import type { RowData } from "@tanstack/react-table";
import { useEffect, useRef, useState } from "react";
import { type AddPreset, type RecordId, registerTabHandlers } from "../../lib/tab-handlers.ts";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog.tsx";
import { DataGrid } from "./data-grid.tsx";
import { ExportDialog } from "./export-dialog.tsx";
import { HistoryTimeline } from "./history-dialog.tsx";
import type { RecordDefinition } from "./record-definition.ts";
import { RecordFormDialog } from "./record-form-dialog.tsx";
import type { SavedRecord } from "./types.ts";
import { useDataGrid } from "./use-data-grid.ts";
import { useRecordFeedback } from "./use-record-feedback.ts";
import { useRefreshRecords } from "./use-refresh-records.ts";

const DEFAULT_PERMISSIONS = { add: "records.edit", edit: "records.edit", remove: "records.delete" } as const;

/**
 * The spec's dialog titles of a record kind (records 2.2, 2.4, 2.5): "Unit: 4B", "Edit Unit: 4B",
 * "Add New Unit", "Delete Unit: 4B", "Delete 3 Units", "Unit History: 4B".
 */
export function recordTitles<Row extends RowData>(
  one: string,
  many: string,
  name: (row: Row) => string,
): RecordDefinition<Row>["titles"] {
  return {
    name,
    view: (row) => `${one}: ${name(row)}`,
    edit: (row) => `Edit ${one}: ${name(row)}`,
    add: `Add New ${one}`,
    remove: (row) => `Delete ${one}: ${name(row)}`,
    removeMany: (n) => `Delete ${n} ${many}`,
    history: (row) => `${one} History: ${name(row)}`,
  };
}

type OpenDialog<Row> = {
  key: string;
  /** React's key when it differs from `key`: an Add that went on as its record's editor stays the same dialog. */
  reactKey?: string;
  kind: "view" | "edit" | "add" | "delete" | "history";
  rows: Row[];
  preset?: AddPreset;
  /** An editor that was this record's Add a moment ago. */
  created?: boolean;
};

/**
 * A record table in a workspace tab: the grid plus its dialogs and the sidebar's actions (spec
 * records 2.1-2.3, 4, 5). Selection messages appear as a notice above the grid.
 */
export function RecordTable<Row extends RowData, Id extends RecordId = number>({
  definition,
  tabId,
  label,
  can,
  quickFiltersVisible,
  onToggleQuickFilters,
}: {
  definition: RecordDefinition<Row, Id>;
  tabId: string;
  label: string;
  can(permission: Permission): boolean;
  quickFiltersVisible: boolean;
  onToggleQuickFilters(): void;
}) {
  const grid = useDataGrid(definition.grid, `${definition.grid.key}${tabId}`);
  const [dialogs, setDialogs] = useState<OpenDialog<Row>[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const refresh = useRefreshRecords();
  const feedback = useRecordFeedback(definition, grid, refresh);

  const notFound = `${definition.noun.one} not found: it may have been deleted.`;
  const open = (kind: OpenDialog<Row>["kind"], rows: Row[], preset?: AddPreset) => {
    setNotice(null);
    // A grid row carries what the grid shows (`keeps`): its view and editor read the record whole.
    const [row] = rows;
    if ((kind === "view" || kind === "edit") && row && definition.grid.keeps && definition.fetchRecord) {
      definition
        .fetchRecord(definition.recordId(row))
        .then((whole) => openDialog(kind, [whole]))
        .catch(() => setNotice(notFound));
      return;
    }
    openDialog(kind, rows, preset);
  };
  const openDialog = (kind: OpenDialog<Row>["kind"], rows: Row[], preset?: AddPreset) => {
    const key = `${tabId}-${kind}-${rows.map((r) => definition.grid.rowId(r)).join(",") || "new"}`;
    // Dialogs are keyed: opening one that is open updates it in place (spec section 4).
    setDialogs((d) => {
      const same = d.find((x) => x.key === key);
      const kept = same ? { reactKey: same.reactKey ?? same.key, created: same.created } : {};
      return [...d.filter((x) => x.key !== key), { ...kept, key, kind, rows, ...(preset ? { preset } : {}) }];
    });
  };
  const close = (key: string) => setDialogs((d) => d.filter((x) => x.key !== key));
  // The Add dialog goes on as the new record's editor; if it cannot be read, it closes as usual.
  const continueAsEditor = async (key: string, saved: SavedRecord) => {
    const row = await definition.fetchRecord?.(saved.id as Id).catch(() => undefined);
    if (!row) return close(key);
    // Keyed as the record's editor, so Edit from the grid finds it rather than opening a second one.
    const editKey = `${tabId}-edit-${definition.grid.rowId(row)}`;
    setDialogs((d) =>
      d.map((x) => (x.key === key ? { key: editKey, reactKey: key, kind: "edit", rows: [row], created: true } : x)),
    );
  };

  const exactlyOne = (none: string, many: string) => {
    const rows = grid.selected;
    if (rows.length === 1) return rows[0];
    setNotice(rows.length ? many : none);
    return undefined;
  };

  const actions = {
    add: (preset?: AddPreset) => open("add", [], preset),
    edit: () => {
      const row = exactlyOne(definition.messages.selectToEdit, definition.messages.selectOneToEdit);
      if (row) open("edit", [row]);
    },
    history: () => {
      const row = exactlyOne(definition.messages.selectOneForHistory, definition.messages.selectOneForHistory);
      if (row) open("history", [row]);
    },
    delete: () => {
      if (!grid.selected.length) setNotice(definition.messages.selectToDelete);
      else open("delete", grid.selected);
    },
    export: () => {
      setNotice(null);
      setExporting(true);
    },
    filter: () => grid.setDialog("filters"),
    applyFilters: (filters: Record<string, string>) => {
      grid.update(
        "filters",
        Object.entries(filters).map(([id, value]) => ({ id, value })),
      );
      grid.update("conditions", []);
    },
    show: async (id: Id) => {
      const loaded = grid.rows.find((r) => definition.recordId(r) === id);
      if (loaded) return open("view", [loaded]);
      try {
        // Read whole already: opened as it is, not read a second time by `open`.
        const row = await definition.fetchRecord?.(id);
        if (row) openDialog("view", [row]);
      } catch {
        setNotice(notFound);
      }
    },
  };
  const latest = useRef(actions);
  latest.current = actions;
  const needs = definition.permissions ?? DEFAULT_PERMISSIONS;
  const { unavailable } = definition;
  const allowed = {
    add: !unavailable?.add && can(needs.add),
    edit: !unavailable?.edit && can(needs.edit),
    remove: Boolean(definition.remove) && !unavailable?.remove && can(needs.remove),
  };

  useEffect(
    () =>
      registerTabHandlers(tabId, {
        ...(allowed.add ? { add: (preset?: AddPreset) => latest.current.add(preset) } : {}),
        show: (id: RecordId) => void latest.current.show(id as Id),
        ...(allowed.edit ? { edit: () => latest.current.edit() } : {}),
        history: () => latest.current.history(),
        ...(allowed.remove ? { delete: () => latest.current.delete() } : {}),
        denied: {
          ...(allowed.add ? {} : { add: unavailable?.add ?? permissionMessages.notForRole(needs.add) }),
          ...(allowed.edit ? {} : { edit: unavailable?.edit ?? permissionMessages.notForRole(needs.edit) }),
          ...(allowed.remove ? {} : { delete: unavailable?.remove ?? permissionMessages.notForRole(needs.remove) }),
        },
        export: () => latest.current.export(),
        filter: () => latest.current.filter(),
        applyFilters: (filters: Record<string, string>) => latest.current.applyFilters(filters),
      }),
    [tabId, allowed.add, allowed.edit, allowed.remove, needs.add, needs.edit, needs.remove, unavailable],
  );

  const rowMenu = (row: Row) => [
    { id: "view", label: definition.menu.view, run: () => open("view", [row]) },
    ...(allowed.edit ? [{ id: "edit", label: definition.menu.edit, run: () => open("edit", [row]) }] : []),
    ...(definition.menu.extra?.(row, { refresh, can }) ?? []),
    ...(allowed.remove ? [{ id: "delete", label: definition.menu.remove, run: () => open("delete", [row]) }] : []),
  ];

  const sameRow = (a: Row, b: Row) => definition.grid.rowId(a) === definition.grid.rowId(b);
  return (
    <section aria-label={label} className="flex h-full min-h-0 flex-col">
      {notice ? (
        <div className="flex items-start gap-2 px-3 pt-2">
          <div className="flex-1">
            <Alert tone="info">{notice}</Alert>
          </div>
          <Button variant="ghost" aria-label="Dismiss" className="px-2 py-1" onPress={() => setNotice(null)}>
            ×
          </Button>
        </div>
      ) : null}
      <DataGrid
        grid={grid}
        label={label}
        quickFiltersVisible={quickFiltersVisible}
        onToggleQuickFilters={onToggleQuickFilters}
        rowMenu={rowMenu}
        {...(allowed.add ? { onAdd: actions.add } : {})}
      />
      {exporting ? (
        <ExportDialog
          grid={grid}
          noun={definition.noun}
          files={definition.exportFiles}
          onClose={() => setExporting(false)}
        />
      ) : null}
      {dialogs.map((d) => {
        // A dialog shows the row as last loaded, so a view opened before an edit shows the edit; the
        // fields a loaded row lacks (of columns hidden) are the ones read when the dialog opened.
        const first = d.rows[0];
        const loaded = first ? grid.rows.find((r) => sameRow(r, first)) : undefined;
        const row = first ? (loaded ? { ...first, ...loaded } : first) : null;
        if (d.kind === "delete") {
          const many = d.rows.length > 1;
          const undoable = definition.restore ? "You can undo it right after." : "This cannot be undone.";
          return (
            <ConfirmDeleteDialog
              key={d.key}
              id={d.key}
              title={many ? definition.titles.removeMany(d.rows.length) : row ? definition.titles.remove(row) : ""}
              question={
                many
                  ? `Delete these ${d.rows.length.toLocaleString("en-US")} ${definition.noun.many}? ${undoable}`
                  : `Delete ${row ? definition.titles.name(row) : "this record"}? ${undoable}`
              }
              {...(definition.describeDelete
                ? { describe: () => definition.describeDelete?.(d.rows) ?? Promise.resolve(null) }
                : {})}
              failure={definition.messages.deleteFailed}
              onClose={() => close(d.key)}
              onConfirm={async () => {
                await definition.remove?.(d.rows.map(definition.recordId));
                const gone = new Set(d.rows.map(definition.grid.rowId));
                grid.setRowSelection(
                  (prev) =>
                    Object.fromEntries(Object.entries(prev).filter(([id]) => !gone.has(id))) as Record<string, true>,
                );
                await refresh();
                feedback.deleted(d.rows);
              }}
            />
          );
        }
        if (d.kind === "history" && row) {
          const id = definition.recordId(row);
          return (
            <Dialog
              key={d.key}
              id={d.key}
              title={definition.titles.history(row)}
              isOpen
              onClose={() => close(d.key)}
              width="max-w-none sm:w-2/3"
            >
              <HistoryTimeline
                queryKey={[definition.grid.key, "history", id]}
                load={() => definition.loadHistory(id)}
                fields={definition.historyFields}
              />
            </Dialog>
          );
        }
        const mode = d.kind === "history" ? "view" : d.kind;
        return (
          <RecordFormDialog
            key={d.reactKey ?? d.key}
            id={d.key}
            definition={definition}
            mode={mode}
            row={row}
            preset={d.preset}
            created={d.created}
            onClose={() => close(d.key)}
            onEdit={allowed.edit ? () => row && open("edit", [row]) : undefined}
            onSaved={(saved) => {
              feedback.saved(mode === "add" ? "add" : "edit", saved);
              if (mode === "add" && definition.continueAfterAdd) void continueAsEditor(d.key, saved);
              else close(d.key);
            }}
            onSavedAnother={(saved) => feedback.saved("add", saved)}
          />
        );
      })}
    </section>
  );
}
