import type { Session } from "@keyholder/contracts/auth";
import { inviteMessages } from "@keyholder/contracts/staff";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { AuthCard } from "../../../components/layout/auth-card.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { verifyInviteQuery } from "../api/verify-invite.ts";
import { InviteLoginForm } from "./invite-login-form.tsx";
import { InviteProblem, inviteProblem } from "./invite-problem.tsx";
import { InviteSignupForm } from "./invite-signup-form.tsx";

type View = "welcome" | "login" | "signup";

/**
 * /staff-onboarding (spec accounts 2): the invitation is checked, then welcome -> sign in or create
 * an account -> the workspace (which says when an administrator still has to approve).
 */
export function StaffOnboarding({
  guid,
  onSignedIn,
}: {
  guid: string | undefined;
  onSignedIn(session: Session): void;
}) {
  if (!guid) {
    return (
      <AuthCard title={inviteMessages.missingTitle}>
        <Alert tone="info">{inviteMessages.missingText}</Alert>
      </AuthCard>
    );
  }
  return <CheckedInvitation guid={guid} onSignedIn={onSignedIn} />;
}

function CheckedInvitation({ guid, onSignedIn }: { guid: string; onSignedIn(session: Session): void }) {
  const invite = useQuery(verifyInviteQuery(guid));
  const [view, setView] = useState<View>("welcome");

  if (invite.isPending) {
    return (
      <AuthCard title="Staff invitation">
        <div className="flex items-center gap-3" role="status">
          <Spinner label={inviteMessages.validating} />
          <span>{inviteMessages.validating}</span>
        </div>
      </AuthCard>
    );
  }
  if (invite.isError) {
    return (
      <AuthCard title={inviteProblem(invite.error).title}>
        <InviteProblem guid={guid} error={invite.error} onRetry={() => void invite.refetch()} />
      </AuthCard>
    );
  }
  const data = invite.data;
  const back = () => setView("welcome");
  if (view === "login") {
    return (
      <AuthCard title={inviteMessages.signIn}>
        <InviteLoginForm guid={guid} invite={data} onSignedIn={onSignedIn} onBack={back} />
      </AuthCard>
    );
  }
  if (view === "signup") {
    return (
      <AuthCard title={inviteMessages.createAccount}>
        <InviteSignupForm guid={guid} invite={data} onSignedIn={onSignedIn} onBack={back} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Join ${data.organization_name}`}>
      <div className="flex flex-col gap-4">
        <p>
          {data.name ? `${data.name}, you` : "You"} are invited to join <strong>{data.organization_name}</strong> on
          Keyholder
          {data.job_title ? (
            <>
              {" "}
              as <strong>{data.job_title}</strong>
            </>
          ) : null}
          .
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The invitation is for {data.email} and works until{" "}
          {new Date(data.expires_at).toLocaleDateString("en-US", { dateStyle: "long" })}.
        </p>
        <Button onPress={() => setView("signup")}>{inviteMessages.createAccount}</Button>
        <Button variant="secondary" onPress={() => setView("login")}>
          {inviteMessages.signIn}
        </Button>
      </div>
    </AuthCard>
  );
}
