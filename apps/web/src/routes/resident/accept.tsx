import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { AcceptInvitationForm } from "../../features/resident/components/accept-invitation-form.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

export const Route = createFileRoute("/resident/accept")({
  validateSearch: z.object({ token: z.string().optional() }),
  component: AcceptPage,
});

function AcceptPage() {
  useDocumentTitle("Your resident portal");
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <AuthCard title="Welcome to your resident portal">
      <AcceptInvitationForm token={token ?? ""} onSignedIn={() => void navigate({ to: "/resident" })} />
    </AuthCard>
  );
}
