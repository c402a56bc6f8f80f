import { createFileRoute } from "@tanstack/react-router";
import { PropertyPage } from "../../../features/public-properties/components/property-page.tsx";

export const Route = createFileRoute("/_public/properties/$slug")({ component: PropertySlugPage });

function PropertySlugPage() {
  const { slug } = Route.useParams();
  return <PropertyPage slug={slug} />;
}
