import { createFileRoute } from "@tanstack/react-router";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { ResidentForgotPassword } from "../../features/resident/components/resident-forgot-password.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

export const Route = createFileRoute("/resident/forgot-password")({ component: ForgotPasswordPage });

function ForgotPasswordPage() {
  useDocumentTitle("Forgot password");
  return (
    <AuthCard title="Reset your resident portal password">
      <ResidentForgotPassword />
    </AuthCard>
  );
}
