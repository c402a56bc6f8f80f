import { OPEN_PARAM } from "@keyholder/contracts/notices";
import { REPORT_ADDRESS_PARAMS, type ReportAddressParam } from "@keyholder/contracts/reports";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { WorkspaceShell } from "../../app/workspace/workspace-shell.tsx";

const param = z.string().max(200).optional().catch(undefined);

/**
 * `?open=staff:<id>` (a link in an email, decision 025) opens that record once the workspace is up;
 * `?report=rent-roll&as_of=...` a report with its parameters (issue 30).
 */
export const Route = createFileRoute("/_authenticated/workspace")({
  validateSearch: z.object({
    [OPEN_PARAM]: param,
    ...(Object.fromEntries(REPORT_ADDRESS_PARAMS.map((p) => [p, param])) as Record<ReportAddressParam, typeof param>),
  }),
  component: WorkspaceShell,
});
