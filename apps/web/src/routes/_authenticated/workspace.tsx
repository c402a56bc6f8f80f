import { createFileRoute } from "@tanstack/react-router";
import { WorkspaceTopBar } from "../../features/workspace/components/workspace-top-bar.tsx";

export const Route = createFileRoute("/_authenticated/workspace")({ component: WorkspacePage });

function WorkspacePage() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <WorkspaceTopBar />
      <main className="flex flex-1 items-center justify-center p-8 text-slate-500 dark:text-slate-400">
        <p>Select an item from the menu to get started</p>
      </main>
    </div>
  );
}
