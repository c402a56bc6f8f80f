import { createFileRoute } from "@tanstack/react-router";
import { ResidentHome } from "../../features/resident/components/resident-home.tsx";
import { SignedInResident } from "../../features/resident/components/signed-in-resident.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

export const Route = createFileRoute("/resident/")({ component: HomePage });

function HomePage() {
  useDocumentTitle("Resident portal");
  return (
    <SignedInResident>
      <ResidentHome />
    </SignedInResident>
  );
}
