import { createFileRoute, Outlet } from "@tanstack/react-router";
import { PublicLayout } from "../app/public/public-layout.tsx";
import { NotFoundPage } from "../features/not-found/components/not-found-page.tsx";

export const Route = createFileRoute("/_public")({
  component: () => (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  ),
  // A page below this layout that finds nothing shows it inside the layout, not a second one.
  notFoundComponent: NotFoundPage,
});
