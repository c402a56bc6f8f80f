import { createFileRoute } from "@tanstack/react-router";
import { loadPropertyPage } from "../../../../features/public-properties/api/preload-public-pages.ts";
import { PropertyPage } from "../../../../features/public-properties/components/property-page.tsx";

export const Route = createFileRoute("/_public/properties/$slug/")({
  staticData: { serverRender: true },
  loader: ({ context, params }) => loadPropertyPage(context.queryClient, params.slug),
  component: PropertySlugPage,
});

function PropertySlugPage() {
  const { slug } = Route.useParams();
  return <PropertyPage slug={slug} />;
}
