import { createFileRoute, Link } from "@tanstack/react-router";
import { ForgotPasswordForm } from "../../components/auth/forgot-password-form.tsx";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { requestPasswordReset } from "../../features/password-reset/api/request-reset.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";

export const Route = createFileRoute("/_public/forgot-password")({ component: ForgotPasswordPage });

function ForgotPasswordPage() {
  useDocumentTitle("Forgot password");
  return (
    <AuthCard title="Reset your password">
      <ForgotPasswordForm
        request={requestPasswordReset}
        intro="Enter the email you log in with and we will send you a link to choose a new password."
        submitLabel="Send Reset Link"
        back={
          <Link to="/login" className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
            Back to log in
          </Link>
        }
      />
    </AuthCard>
  );
}
