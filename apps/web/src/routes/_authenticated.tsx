import { createFileRoute, Outlet, redirect, useRouterState } from "@tanstack/react-router";
import { FullPageSpinner } from "../components/ui/spinner.tsx";

export const Route = createFileRoute("/_authenticated")({
  beforeLoad: ({ context, location, preload }) => {
    if (!preload && !context.auth.get().isAuthenticated) {
      throw redirect({ to: "/login", search: { redirect: location.href } });
    }
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const pending = useRouterState({ select: (s) => s.status === "pending" });
  return pending ? <FullPageSpinner /> : <Outlet />;
}
