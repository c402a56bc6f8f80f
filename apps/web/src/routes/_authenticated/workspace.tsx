import { OPEN_PARAM } from "@keyholder/contracts/notices";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { WorkspaceShell } from "../../app/workspace/workspace-shell.tsx";

/** `?open=staff:<id>` (a link in an email, decision 025) opens that record once the workspace is up. */
export const Route = createFileRoute("/_authenticated/workspace")({
  validateSearch: z.object({ [OPEN_PARAM]: z.string().max(200).optional().catch(undefined) }),
  component: WorkspaceShell,
});
