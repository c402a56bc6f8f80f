import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { ResidentResetPassword } from "../../features/resident/components/resident-reset-password.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

export const Route = createFileRoute("/resident/reset-password")({
  validateSearch: z.object({ token: z.string().optional() }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  useDocumentTitle("Choose a new password");
  const { token } = Route.useSearch();
  return (
    <AuthCard title="Choose a new password">
      <ResidentResetPassword token={token} />
    </AuthCard>
  );
}
