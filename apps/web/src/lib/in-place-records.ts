import type { Permission } from "@keyholder/contracts/permissions";
import { type ComponentType, createContext } from "react";
import type { AddPreset, RecordId } from "./tab-handlers.ts";

/**
 * Records opened in place (issue 15, item 7): from a property's editor, its tabs add a building,
 * floor plan, unit or zone (already linked) and open one, in dialogs over the editor, in the same
 * workspace tab, coming back to it after. Features never import each other, so the workspace, which
 * knows every table, hands out each table's dialogs through this context.
 */

/** A table as the workspace menu names it ("Building", "All Buildings"). */
export interface TableRef {
  category: string;
  item: string;
}

/** Add a record already linked to where it is asked from, or show one record (then Edit it from there). */
export type InPlaceRequest = { kind: "add"; preset: AddPreset } | { kind: "show"; id: RecordId };

export interface InPlaceRecordProps {
  request: InPlaceRequest;
  /** Every dialog the request opened has closed. */
  onClose(): void;
}

export interface InPlaceRecords {
  /** The dialogs of a table's records, loaded on first use; undefined for a table that has none. */
  dialogsOf(table: TableRef): ComponentType<InPlaceRecordProps> | undefined;
  /** What the user's role allows (Add and Edit are offered only when it does). */
  can(permission: Permission): boolean;
}

export const InPlaceRecordsContext = createContext<InPlaceRecords | null>(null);
