import { createFileRoute } from "@tanstack/react-router";
import { VendorWorkPage } from "../features/vendor-portal/components/vendor-work-page.tsx";
import { useDocumentTitle } from "../lib/document-title.ts";

/** A vendor's link (decision 034): its own minimal page, outside the public site and the workspace. */
export const Route = createFileRoute("/vendor/$token")({
  component: VendorLinkPage,
});

function VendorLinkPage() {
  useDocumentTitle("Work request");
  const { token } = Route.useParams();
  return <VendorWorkPage token={token} />;
}
