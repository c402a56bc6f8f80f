import { inviteMessages } from "@keyholder/contracts/staff";
import { useState } from "react";
import { AuthCard } from "../../../components/layout/auth-card.tsx";
import { Button } from "../../../components/ui/button.tsx";

/**
 * What a staff member who accepted sees until an administrator approves them (issue 13): the
 * server answers their session and nothing else; "Check again" re-reads it.
 */
export function AwaitingApproval(props: { organization: string; onCheck(): Promise<void>; onSignOut(): void }) {
  const [checking, setChecking] = useState(false);
  return (
    <main className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <AuthCard title={inviteMessages.awaitingTitle}>
        <div className="flex flex-col gap-4">
          <p>{inviteMessages.awaitingText(props.organization)}</p>
          <Button
            isPending={checking}
            onPress={async () => {
              setChecking(true);
              await props.onCheck();
              setChecking(false);
            }}
          >
            Check again
          </Button>
          <Button variant="secondary" onPress={props.onSignOut}>
            Sign out
          </Button>
        </div>
      </AuthCard>
    </main>
  );
}
