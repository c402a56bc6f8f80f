import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import type { authStore } from "../features/auth/auth-context.tsx";
import { HiddenGame } from "../features/hidden-game/components/hidden-game.tsx";
import { NotFoundPage } from "../features/not-found/components/not-found-page.tsx";

export interface RouterContext {
  auth: typeof authStore;
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
});

function Root() {
  return (
    <>
      <Outlet />
      <HiddenGame />
    </>
  );
}
