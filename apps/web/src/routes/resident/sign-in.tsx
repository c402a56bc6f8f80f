import { residentRecoveryMessages } from "@keyholder/contracts/resident-account";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { ResidentSignInForm } from "../../features/resident/components/resident-sign-in-form.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

export const Route = createFileRoute("/resident/sign-in")({ component: SignInPage });

function SignInPage() {
  useDocumentTitle("Resident sign in");
  const navigate = useNavigate();
  return (
    <AuthCard title="Sign in to your resident portal">
      <ResidentSignInForm onSignedIn={() => void navigate({ to: "/resident" })} />
      <p className="mt-4 text-center text-sm">
        <Link
          to="/resident/forgot-password"
          className="font-semibold text-brand-700 hover:underline dark:text-brand-100"
        >
          {residentRecoveryMessages.forgotLink}
        </Link>
      </p>
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        No password yet? Open the invitation your property manager emailed you.
      </p>
    </AuthCard>
  );
}
