import type { QueryClient } from "@tanstack/react-query";
import { createMemoryHistory, createRouter } from "@tanstack/react-router";
import { FullPageSpinner } from "../components/ui/spinner.tsx";
import { NotFoundPage } from "../features/not-found/components/not-found-page.tsx";
import { authStore } from "../lib/auth/auth-context.tsx";
import { routeTree } from "../routeTree.gen.ts";

/**
 * The app's router. In the browser it follows the address bar; a server render (`serverUrl`) draws
 * one address and leaves scrolling alone, since its restoring script would be inline (which the
 * content security policy refuses) and would differ from the browser's first render.
 */
export const createAppRouter = (queryClient: QueryClient, serverUrl?: string) =>
  createRouter({
    routeTree,
    ...(serverUrl ? { history: createMemoryHistory({ initialEntries: [serverUrl] }) } : {}),
    scrollRestoration: !serverUrl,
    context: { auth: authStore, queryClient },
    defaultPreload: "intent",
    defaultPendingComponent: FullPageSpinner,
    // Unknown addresses get the root's not-found page (with the public header), whatever they resemble.
    notFoundMode: "root",
    defaultNotFoundComponent: NotFoundPage,
  });

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /**
     * The server draws this page for signed-out visitors (entry-server.tsx). Only pages whose forms
     * do something sensible before the JavaScript runs: a login form would send its password in the
     * address.
     */
    serverRender?: boolean;
  }
}
