import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ApplyPage } from "../../../../features/public-properties/components/apply-page.tsx";

export const Route = createFileRoute("/_public/properties/$slug/apply")({
  validateSearch: z.object({ resume: z.string().min(20).max(200).optional().catch(undefined) }),
  component: ApplyRoute,
});

function ApplyRoute() {
  const { slug } = Route.useParams();
  const { resume } = Route.useSearch();
  return <ApplyPage slug={slug} resume={resume} />;
}
