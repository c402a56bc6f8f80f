import { displayName } from "@keyholder/contracts/people";
import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import { Wordmark } from "../../../components/layout/wordmark.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useAuth } from "../../../lib/auth/auth-context.tsx";

/** The operator screen's header: who is signed in, a way back to the workspace, Logout. */
export function OperatorHeader() {
  const { session, logout } = useAuth();
  const router = useRouter();
  const navigate = useNavigate();
  const user = session?.user;
  const signOut = async () => {
    await logout();
    await router.invalidate();
    await navigate({ to: "/" });
  };
  return (
    <header className="flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 dark:border-slate-800 dark:bg-slate-900">
      <Wordmark />
      <div className="flex items-center gap-4">
        <Link to="/workspace" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500">
          Workspace
        </Link>
        <div className="text-right text-sm leading-tight">
          <div className="font-semibold" data-testid="user-display-name">
            {displayName(user?.person) || user?.username}
          </div>
          <div className="text-xs text-slate-500 dark:text-slate-400">
            {user?.role.display_name || "User"} · {session?.organization.name}
          </div>
        </div>
        <Button variant="secondary" onPress={signOut}>
          Logout
        </Button>
      </div>
    </header>
  );
}
