import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { loadApplyPage } from "../../../../features/public-properties/api/preload-public-pages.ts";
import { ApplyPage } from "../../../../features/public-properties/components/apply-page.tsx";

export const Route = createFileRoute("/_public/properties/$slug/apply")({
  validateSearch: z.object({ resume: z.string().min(20).max(200).optional().catch(undefined) }),
  // The listing, so the server can name and describe the form in its head (the form itself is drawn
  // by the browser), and the browser has it sooner.
  loader: ({ context, params }) => loadApplyPage(context.queryClient, params.slug),
  component: ApplyRoute,
});

function ApplyRoute() {
  const { slug } = Route.useParams();
  const { resume } = Route.useSearch();
  return <ApplyPage slug={slug} resume={resume} />;
}
