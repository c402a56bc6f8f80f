import { useQuery } from "@tanstack/react-query";
import { Navigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { residentSessionQuery } from "../api/resident-session.ts";

/** A portal page for a signed-in resident; anyone else goes to the portal's sign-in. */
export function SignedInResident({ children }: { children: ReactNode }) {
  const { data: session, isPending } = useQuery(residentSessionQuery);
  if (isPending) return <Spinner />;
  if (!session) return <Navigate to="/resident/sign-in" />;
  return <>{children}</>;
}
