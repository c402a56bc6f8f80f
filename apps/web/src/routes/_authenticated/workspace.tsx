import { createFileRoute } from "@tanstack/react-router";
import { lazy } from "react";
import { registerAssistantPanel } from "../../features/assistant/assistant-seam.ts";
import { WorkspaceShell } from "../../features/workspace/components/workspace-shell.tsx";

// The assistant's panel loads the first time it is opened (its own bundle).
registerAssistantPanel(
  lazy(() =>
    import("../../features/assistant/components/assistant-panel.tsx").then((m) => ({ default: m.AssistantPanel })),
  ),
);

export const Route = createFileRoute("/_authenticated/workspace")({ component: WorkspaceShell });
