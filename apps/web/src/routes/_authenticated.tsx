import { createFileRoute, Outlet, redirect, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { FullPageSpinner } from "../components/ui/spinner.tsx";
import { Toasts } from "../components/ui/toast.tsx";
import { TwoFactorRequired } from "../features/account/components/two-factor-required.tsx";
import { PreviewBanner } from "../features/auth/components/preview-banner.tsx";
import { VerifyEmailReminder } from "../features/auth/components/verify-email-reminder.tsx";
import { AwaitingApproval } from "../features/staff-onboarding/components/awaiting-approval.tsx";
import { useAuth } from "../lib/auth/auth-context.tsx";

export const Route = createFileRoute("/_authenticated")({
  beforeLoad: ({ context, location, preload }) => {
    if (!preload && !context.auth.get().isAuthenticated) {
      throw redirect({ to: "/login", search: { redirect: location.href } });
    }
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  // A change of the address's search alone (a report's parameters) keeps the page: only going to
  // another page shows the spinner in its place, which would unmount the workspace and its tabs.
  const pending = useRouterState({
    select: (s) => s.status === "pending" && s.location.pathname !== s.resolvedLocation?.pathname,
  });
  const { isAuthenticated, session, logout } = useAuth();
  const { auth } = Route.useRouteContext();
  useEffect(() => {
    void auth.refresh();
  }, [auth]);
  return (
    <>
      {isAuthenticated ? <PreviewBanner /> : null}
      {isAuthenticated && !pending ? <VerifyEmailReminder /> : null}
      {/* Signed out (logout, or a 401 elsewhere): nothing here may ask the API for more while the guard redirects. */}
      {pending ? (
        <FullPageSpinner />
      ) : !isAuthenticated ? null : session?.user.two_factor_setup_required ? (
        <TwoFactorRequired onSignOut={() => void logout()} />
      ) : session?.user.awaiting_approval ? (
        <AwaitingApproval
          organization={session.organization.name}
          onCheck={() => auth.refresh()}
          onSignOut={() => void logout()}
        />
      ) : (
        <Outlet />
      )}
      <Toasts />
    </>
  );
}
