import { createFileRoute, redirect, useNavigate } from "@tanstack/react-router";
import { authStore } from "../../features/auth/auth-context.tsx";
import { AuthCard } from "../../features/public-site/components/auth-card.tsx";
import { SignUpWizard } from "../../features/sign-up/components/sign-up-wizard.tsx";

export const Route = createFileRoute("/_public/sign-up")({
  beforeLoad: ({ context }) => {
    if (context.auth.get().isAuthenticated) throw redirect({ to: "/workspace" });
  },
  component: SignUpPage,
});

function SignUpPage() {
  const navigate = useNavigate();
  return (
    <AuthCard title="Create your Keyholder account" wide>
      <SignUpWizard
        onWaitlisted={() => navigate({ to: "/waitlist" })}
        onSignedIn={(session) => {
          const { waitlisted: _, ...rest } = session;
          authStore.login(rest);
          void navigate({ to: "/workspace" });
        }}
      />
    </AuthCard>
  );
}
