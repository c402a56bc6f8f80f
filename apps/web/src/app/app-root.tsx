import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, useEffect } from "react";
import { AuthProvider, useAuth } from "../lib/auth/auth-context.tsx";
import type { AppRouter } from "./router.ts";
import { useCachePerUser } from "./use-cache-per-user.ts";

/** Re-runs route guards when the session changes (sign-in, sign-out, another tab). */
function Routes({ router }: { router: AppRouter }) {
  const { isAuthenticated } = useAuth();
  useCachePerUser();
  useEffect(() => {
    void isAuthenticated;
    void router.invalidate();
  }, [isAuthenticated, router]);
  return <RouterProvider router={router} />;
}

/** The whole app, the same tree in the browser and in a server render (so it hydrates). */
export function AppRoot({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <Routes router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
