import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { RouteAnnouncer } from "../components/layout/route-announcer.tsx";
import "../features/assistant/register-panel.ts";
import { PublicLayout } from "../app/public/public-layout.tsx";
import { HiddenGame } from "../features/hidden-game/components/hidden-game.tsx";
import { NotFoundPage } from "../features/not-found/components/not-found-page.tsx";
import type { authStore } from "../lib/auth/auth-context.tsx";

export interface RouterContext {
  auth: typeof authStore;
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  // Any unknown address: a lost visitor gets the public header (search, sign in) around the page.
  notFoundComponent: () => (
    <PublicLayout>
      <NotFoundPage />
    </PublicLayout>
  ),
});

function Root() {
  return (
    <>
      <Outlet />
      <RouteAnnouncer />
      <HiddenGame />
    </>
  );
}
