import type { ApplicantTenant } from "@keyholder/contracts/applications";
import type { Permission } from "@keyholder/contracts/permissions";

/** The sidebar's actions, dispatched to the active tab's registered handlers (spec section 4). */
export const sidebarActions = ["quickFilter", "filter", "add", "edit", "export", "history", "delete"] as const;
export type SidebarAction = (typeof sidebarActions)[number];
/**
 * What an Add starts from when it is opened from a related record (issue 12, item 4): the new
 * building, floor plan, unit or zone already linked to this property (or building).
 */
export interface AddPreset {
  property?: { id: string; value: string };
  building?: { id: string; value: string };
  /** A lease made from an approved applicant (issue 27 item 11): the tenant made, the unit and start. */
  lease?: ApplicantTenant;
  /** A lease added from a tenant's page: that tenant its primary party. */
  tenant?: { id: string; value: string };
}
/** A record's id on the server: a number for most records, a uuid for properties. */
export type RecordId = number | string;

export type TabHandlers = Partial<Record<Exclude<SidebarAction, "add">, () => void>> & {
  add?: (preset?: AddPreset) => void;
  /** Actions the user's role may not take here, with the reason the sidebar gives. */
  denied?: Partial<Record<SidebarAction, string>>;
  /** Opens one record's View dialog, whether or not its row is loaded. */
  show?: (id: RecordId) => void;
  /** Sets the quick filters (column id -> text), replacing the ones typed before. */
  applyFilters?: (filters: Record<string, string>) => void;
  /** Shows one of a reports tab's reports with these parameters. */
  openReport?: (report: string, params: Record<string, string>) => void;
};

const handlers = new Map<string, TabHandlers>();
const listeners = new Set<() => void>();

/** A table registers what it can do while it is mounted; returns the unregister function. */
export function registerTabHandlers(tabId: string, h: TabHandlers) {
  handlers.set(tabId, h);
  for (const l of listeners) l();
  return () => {
    if (handlers.get(tabId) === h) handlers.delete(tabId);
    for (const l of listeners) l();
  };
}

export const handlersOf = (tabId: string | null) => (tabId ? handlers.get(tabId) : undefined);

export function subscribeTabHandlers(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** What the workspace gives the table component of a tab. */
export interface TableTabProps {
  tabId: string;
  /** Whether the user's role may do something (issue 13): tables offer only what it allows. */
  can(permission: Permission): boolean;
  quickFiltersVisible: boolean;
  onToggleQuickFilters(): void;
}
