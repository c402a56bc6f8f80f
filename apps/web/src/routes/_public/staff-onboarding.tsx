import { createFileRoute, useRouter } from "@tanstack/react-router";
import { z } from "zod";
import { StaffOnboarding } from "../../features/staff-onboarding/components/staff-onboarding.tsx";
import { authStore } from "../../lib/auth/auth-context.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

export const Route = createFileRoute("/_public/staff-onboarding")({
  validateSearch: z.object({ invite: z.string().optional() }),
  component: StaffOnboardingPage,
});

function StaffOnboardingPage() {
  useDocumentTitle("Join your team");
  const { invite } = Route.useSearch();
  const router = useRouter();
  return (
    <StaffOnboarding
      guid={invite}
      onSignedIn={(session) => {
        authStore.login(session);
        void router.invalidate();
        router.history.push("/workspace");
      }}
    />
  );
}
