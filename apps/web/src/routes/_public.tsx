import { createFileRoute, Outlet } from "@tanstack/react-router";
import { NotFoundPage } from "../features/not-found/components/not-found-page.tsx";
import { PublicLayout } from "../features/public-site/components/public-layout.tsx";

export const Route = createFileRoute("/_public")({
  component: () => (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  ),
  // A page below this layout that finds nothing shows it inside the layout, not a second one.
  notFoundComponent: NotFoundPage,
});
