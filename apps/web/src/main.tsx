import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { FullPageSpinner } from "./components/ui/spinner.tsx";
import { AuthProvider, authStore, useAuth } from "./features/auth/auth-context.tsx";
import { NotFoundPage } from "./features/not-found/components/not-found-page.tsx";
import { ApiError } from "./lib/api-client.ts";
import { installErrorForwarding } from "./lib/error-forwarding.ts";
import { applyTheme } from "./lib/theme.ts";
import { routeTree } from "./routeTree.gen.ts";
import "./styles.css";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

const router = createRouter({
  routeTree,
  context: { auth: authStore, queryClient },
  defaultPreload: "intent",
  defaultPendingComponent: FullPageSpinner,
  // Unknown addresses get the root's not-found page (with the public header), whatever they resemble.
  notFoundMode: "root",
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

/** Re-runs route guards when the session changes (sign-in, sign-out, another tab). */
function App() {
  const { isAuthenticated } = useAuth();
  useEffect(() => {
    void isAuthenticated;
    void router.invalidate();
  }, [isAuthenticated]);
  return <RouterProvider router={router} />;
}

applyTheme();
installErrorForwarding();

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <App />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
