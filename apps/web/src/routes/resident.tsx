import { createFileRoute, Outlet } from "@tanstack/react-router";
import { ResidentLayout } from "../features/resident/components/resident-layout.tsx";

/** The resident portal (decision 036): its own layout and session, never the workspace's. */
export const Route = createFileRoute("/resident")({
  component: () => (
    <ResidentLayout>
      <Outlet />
    </ResidentLayout>
  ),
});
