import { userAdminMessages } from "@keyholder/contracts/users";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { authStore, useAuth } from "../../../lib/auth/auth-context.tsx";
import { stopViewingAs } from "../../../lib/auth/view-as.ts";

/**
 * Over every screen while an administrator views the workspace as someone else (issue 13, item 6):
 * whose workspace it is, that nothing can be changed, and the way back. The page reloads on the
 * way in and out, so no list of one user is shown to the other.
 */
export function PreviewBanner() {
  const { session } = useAuth();
  const [stopping, setStopping] = useState(false);
  if (!session?.preview) return null;
  const person = session.user.person;
  const name = person ? `${person.first_name} ${person.last_name}` : session.user.username;
  return (
    <section
      aria-label="Preview"
      className="flex flex-wrap items-center justify-center gap-3 bg-amber-300 px-4 py-2 text-sm font-medium text-amber-950"
    >
      <span>{userAdminMessages.viewingAs(name, session.user.role.display_name)}</span>
      <Button
        variant="secondary"
        isPending={stopping}
        onPress={async () => {
          setStopping(true);
          authStore.login(await stopViewingAs());
          window.location.assign("/workspace");
        }}
      >
        Stop viewing
      </Button>
    </section>
  );
}
