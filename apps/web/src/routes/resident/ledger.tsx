import { createFileRoute } from "@tanstack/react-router";
import { ResidentLedger } from "../../features/resident/components/resident-ledger.tsx";
import { SignedInResident } from "../../features/resident/components/signed-in-resident.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

export const Route = createFileRoute("/resident/ledger")({ component: LedgerPage });

function LedgerPage() {
  useDocumentTitle("Ledger");
  return (
    <SignedInResident>
      <ResidentLedger />
    </SignedInResident>
  );
}
