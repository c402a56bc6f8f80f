import { createFileRoute } from "@tanstack/react-router";
import { ResidentMaintenance } from "../../features/resident/components/resident-maintenance.tsx";
import { SignedInResident } from "../../features/resident/components/signed-in-resident.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

export const Route = createFileRoute("/resident/maintenance")({ component: MaintenancePage });

function MaintenancePage() {
  useDocumentTitle("Maintenance");
  return (
    <SignedInResident>
      <ResidentMaintenance />
    </SignedInResident>
  );
}
