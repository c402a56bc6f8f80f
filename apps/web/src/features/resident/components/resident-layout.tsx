import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { residentSessionQuery } from "../api/resident-session.ts";
import { residentSignOut } from "../api/sign-out.ts";
import { LeaseSwitcher } from "./lease-switcher.tsx";
import { useChosenLease } from "./use-chosen-lease.ts";

const navLink =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800";
const activeLink = "bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100";

/**
 * The resident portal's own frame (decision 036), not the workspace's: the organization, the
 * resident, Home, Ledger and Maintenance, sign out, and for a resident on several leases which one
 * the pages show. Phone first: one column, the nav under the header.
 */
export function ResidentLayout({ children }: { children: ReactNode }) {
  const { data: session } = useQuery(residentSessionQuery);
  // The pages keep the lease the resident picked (decision 036, "Several leases").
  const search = { lease: useChosenLease() };
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = async () => {
    await residentSignOut().catch(() => {});
    queryClient.removeQueries({ queryKey: ["resident"] });
    await navigate({ to: "/resident/sign-in" });
  };
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="truncate text-base font-semibold">{session?.organization_name ?? "Resident portal"}</p>
            {session ? <p className="truncate text-sm text-slate-600 dark:text-slate-400">{session.name}</p> : null}
          </div>
          {session ? (
            <Button variant="secondary" onPress={() => void signOut()}>
              Sign out
            </Button>
          ) : null}
        </div>
        {session ? (
          <nav aria-label="Resident portal" className="mx-auto flex max-w-3xl gap-1 px-3 pb-2">
            <Link
              to="/resident"
              search={search}
              activeOptions={{ exact: true }}
              className={navLink}
              activeProps={{ className: activeLink }}
            >
              Home
            </Link>
            <Link to="/resident/ledger" search={search} className={navLink} activeProps={{ className: activeLink }}>
              Ledger
            </Link>
            <Link
              to="/resident/maintenance"
              search={search}
              className={navLink}
              activeProps={{ className: activeLink }}
            >
              Maintenance
            </Link>
          </nav>
        ) : null}
        {session ? <LeaseSwitcher /> : null}
      </header>
      <main className="mx-auto max-w-3xl px-4 py-5">{children}</main>
    </div>
  );
}
