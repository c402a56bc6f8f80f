import { createFileRoute, Outlet } from "@tanstack/react-router";
import { z } from "zod";
import { ResidentLayout } from "../features/resident/components/resident-layout.tsx";

/** The resident portal (decision 036): its own layout and session, never the workspace's. */
export const Route = createFileRoute("/resident")({
  // The lease a resident on several leases picked (decision 036); none: their current one.
  validateSearch: z.object({ lease: z.string().max(64).optional().catch(undefined) }),
  component: () => (
    <ResidentLayout>
      <Outlet />
    </ResidentLayout>
  ),
});
