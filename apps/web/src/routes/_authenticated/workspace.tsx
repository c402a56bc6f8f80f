import { createFileRoute } from "@tanstack/react-router";
import { WorkspaceShell } from "../../features/workspace/components/workspace-shell.tsx";

export const Route = createFileRoute("/_authenticated/workspace")({ component: WorkspaceShell });
