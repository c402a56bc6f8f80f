import type { HistoryEntry } from "@keyholder/contracts/history";
import type { Permission } from "@keyholder/contracts/permissions";
import type { RowData } from "@tanstack/react-table";
import type { ComponentType } from "react";
import type { AddPreset, RecordId } from "../../lib/tab-handlers.ts";
import type { HistoryField } from "./history-dialog.tsx";
import type { GridDefinition, RowMenuItem, SavedRecord } from "./types.ts";

export interface RecordFormProps<Row> {
  mode: "view" | "edit" | "add";
  row: Row | null;
  /** For an add opened from a related record: what the new record is already linked to. */
  preset?: AddPreset;
  /** The record was created in this dialog a moment ago: its editor leads with what comes next. */
  created?: boolean;
  /**
   * After a successful save, with the saved record: the dialog closes, a toast says what happened,
   * and the table refreshes and shows the saved row (scrolled into view, briefly highlighted).
   */
  onSaved(saved: SavedRecord): void;
  /** After a save that keeps the dialog open for the next record (Save and add another): the toast and fresh lists. */
  onSavedAnother?(saved: SavedRecord): void;
  onCancel(): void;
  /** From the read-only view, switch to editing; absent when the user's role may not edit. */
  onEdit?: (() => void) | undefined;
}

/** Everything that makes a record table out of the shared grid: one definition per table. */
export interface RecordDefinition<Row extends RowData, Id extends RecordId = number> {
  /** `grid.rowId(row)` is `String(recordId(row))`, so a record id from the server finds its row. */
  grid: GridDefinition<Row>;
  recordId(row: Row): Id;
  /** What the toasts call a record: "Building 'Harbor Annex' added", "3 buildings deleted". */
  noun: { one: string; many: string };
  titles: {
    view(row: Row): string;
    edit(row: Row): string;
    add: string;
    remove(row: Row): string;
    removeMany(count: number): string;
    history(row: Row): string;
    name(row: Row): string;
  };
  /**
   * The row menu: View, Edit, then any `extra` items (e.g. Goto Property Page), then Delete; an
   * extra item that changes the record refreshes the lists with `refresh`.
   */
  menu: {
    view: string;
    edit: string;
    remove: string;
    extra?(row: Row, context: { refresh(): Promise<void>; can(permission: Permission): boolean }): RowMenuItem[];
  };
  /**
   * What a role needs to add, edit and delete these records (issue 13); by default records.edit
   * for adding and editing, records.delete for deleting.
   */
  permissions?: { add: Permission; edit: Permission; remove: Permission };
  messages: {
    selectToEdit: string;
    selectOneToEdit: string;
    selectOneForHistory: string;
    selectToDelete: string;
    deleteFailed: string;
  };
  exportFiles: { all: string; selected: string };
  historyFields: Record<string, HistoryField>;
  loadHistory(id: Id): Promise<HistoryEntry[]>;
  /** One record as the grid shows it, for a View opened by id from a related record. */
  fetchRecord?(id: Id): Promise<Row>;
  remove?(ids: Id[]): Promise<void>;
  /**
   * Why a table offers no Add, Edit or Delete at all, for anyone (users join by invitation, are
   * disabled not deleted; posted transactions never change).
   */
  unavailable?: { add?: string; edit?: string; remove?: string };
  /**
   * Undo of a delete: puts the records back (the server answers which came back). A table without
   * it says a delete cannot be undone, and offers no Undo.
   */
  restore?(ids: Id[]): Promise<{ restored: number; ids: Id[] }>;
  /**
   * What else a delete of these rows takes with it, in a sentence for the confirmation (fetched as
   * it opens), or null when nothing.
   */
  describeDelete?(rows: Row[]): Promise<string | null>;
  Form: ComponentType<RecordFormProps<Row>>;
  /** Dialog width classes (spec records 9: 3/4 for buildings, 2/3 for floor plans). */
  formWidth: string;
  /**
   * After an add the dialog stays, as the new record's editor with its next steps (a property's
   * buildings and units, issue 15, item 13); needs `fetchRecord`.
   */
  continueAfterAdd?: boolean;
}
