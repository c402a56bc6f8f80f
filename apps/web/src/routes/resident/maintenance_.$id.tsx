import { createFileRoute } from "@tanstack/react-router";
import { ResidentRequest } from "../../features/resident/components/resident-request.tsx";
import { SignedInResident } from "../../features/resident/components/signed-in-resident.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

export const Route = createFileRoute("/resident/maintenance_/$id")({ component: RequestPage });

function RequestPage() {
  const { id } = Route.useParams();
  useDocumentTitle("Maintenance request");
  return (
    <SignedInResident>
      <ResidentRequest id={id} />
    </SignedInResident>
  );
}
