import type { AddPreset, RecordId } from "./tab-handlers.ts";

/**
 * A screen asking the workspace to act in a table it does not own (the property editor's related
 * tabs: "Add building" opens All Buildings' Add dialog with the property chosen; choosing a building
 * opens its View). Features never import each other, so they ask through here, and the workspace,
 * which knows every table, answers.
 */
export type WorkspaceRequest = {
  category: string;
  item: string;
  /** Called once the table has acted on it (its code may load first). */
  onDone?: () => void;
} & (
  | { action: "add"; preset: AddPreset }
  | { action: "show"; id: RecordId }
  /** Open the table with these quick filters (column id -> text), as the assistant's answers do. */
  | { action: "filter"; filters: Record<string, string> }
  /** Show one of the tab's reports with these parameters (a report's address, issue 30). */
  | { action: "report"; report: string; params: Record<string, string> }
);

const listeners = new Set<(request: WorkspaceRequest) => void>();

/** Whether anything answers (the workspace is mounted). */
export function requestInWorkspace(request: WorkspaceRequest) {
  for (const listener of listeners) listener(request);
  return listeners.size > 0;
}

export function onWorkspaceRequest(listener: (request: WorkspaceRequest) => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
