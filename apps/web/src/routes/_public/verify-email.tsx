import { emailVerificationMessages } from "@keyholder/contracts/email-verification";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { verifyEmail } from "../../features/auth/api/verify-email.ts";
import { authStore, useAuth } from "../../lib/auth/auth-context.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";

export const Route = createFileRoute("/_public/verify-email")({
  validateSearch: z.object({ token: z.string().optional() }),
  component: VerifyEmailPage,
});

const linkClass = "font-semibold text-brand-700 hover:underline dark:text-brand-100";

/** The page of the mailed link (issue item 19): it confirms the address as it opens. */
function VerifyEmailPage() {
  useDocumentTitle("Confirm your email address");
  const { token } = Route.useSearch();
  const { isAuthenticated } = useAuth();
  const confirm = useMutation({
    mutationFn: verifyEmail,
    // A signed-in browser drops its reminder at once.
    onSuccess: () => (authStore.get().isAuthenticated ? authStore.refresh() : undefined),
  });
  const { mutate } = confirm;
  // Once per token: the link works once, so a second call (StrictMode runs effects twice) would fail.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  const next = isAuthenticated ? (
    <Link to="/workspace" className={linkClass}>
      Go to your workspace
    </Link>
  ) : (
    <Link to="/login" className={linkClass}>
      Log in
    </Link>
  );
  return (
    <AuthCard title="Confirm your email address">
      <div className="flex flex-col gap-4">
        {!token || confirm.isError ? (
          <Alert>{token && confirm.error ? confirm.error.message : emailVerificationMessages.invalidToken}</Alert>
        ) : confirm.isSuccess ? (
          <Alert tone="success">{emailVerificationMessages.verified}</Alert>
        ) : (
          <Spinner label="Confirming your email address" />
        )}
        {confirm.isPending ? null : next}
      </div>
    </AuthCard>
  );
}
