import { twoFactorMessages } from "@keyholder/contracts/two-factor";
import { AuthCard } from "../../../components/layout/auth-card.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TwoFactorSettings } from "./two-factor-settings.tsx";

/**
 * An administrator whose organization requires two-factor sign-in, before they have turned it on:
 * the server answers their account and nothing else, so this is all the workspace shows.
 */
export function TwoFactorRequired({ onSignOut }: { onSignOut(): void }) {
  return (
    <main className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <AuthCard title="Set up two-factor sign-in">
        <div className="flex flex-col gap-4">
          <Alert tone="info">{twoFactorMessages.setupRequired}</Alert>
          <TwoFactorSettings />
          <Button variant="secondary" onPress={onSignOut}>
            Sign out
          </Button>
        </div>
      </AuthCard>
    </main>
  );
}
