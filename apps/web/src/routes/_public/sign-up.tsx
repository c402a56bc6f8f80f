import { createFileRoute, Link, redirect, useNavigate } from "@tanstack/react-router";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { SignUpWizard } from "../../features/sign-up/components/sign-up-wizard.tsx";
import { authStore } from "../../lib/auth/auth-context.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

export const Route = createFileRoute("/_public/sign-up")({
  beforeLoad: ({ context }) => {
    if (context.auth.get().isAuthenticated) throw redirect({ to: "/workspace" });
  },
  component: SignUpPage,
});

function SignUpPage() {
  useDocumentTitle("Sign up");
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
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{" "}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
