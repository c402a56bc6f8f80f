import { authMessages, passwordProblems } from "@keyholder/contracts/auth";
import { passwordResetMessages } from "@keyholder/contracts/password-reset";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { PasswordField } from "../../features/auth/components/password-field.tsx";
import { resetPassword } from "../../features/password-reset/api/reset-password.ts";
import { AuthCard } from "../../features/public-site/components/auth-card.tsx";
import { ApiError } from "../../lib/api-client.ts";

export const Route = createFileRoute("/_public/reset-password")({
  validateSearch: z.object({ token: z.string().optional() }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const mutation = useMutation({ mutationFn: resetPassword });
  const problems = password ? passwordProblems(password) : [];
  const mismatch = confirm !== "" && confirm !== password ? [authMessages.confirmMismatch] : [];
  const valid = password !== "" && problems.length === 0 && confirm === password;
  const serverFields = mutation.error instanceof ApiError ? mutation.error.fields?.password : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid && token) mutation.mutate({ token, password });
  };

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <Alert>{passwordResetMessages.invalidToken}</Alert>
        <p className="mt-4 text-sm">
          <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
            Ask for a new link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      {mutation.isSuccess ? (
        <div className="flex flex-col gap-4">
          <Alert tone="success">{passwordResetMessages.done}</Alert>
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Go to login
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {mutation.isError && !serverFields ? <Alert>{(mutation.error as Error).message}</Alert> : null}
          <PasswordField
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            errors={serverFields ?? problems}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
            errors={mismatch}
          />
          <Button type="submit" isDisabled={!valid || mutation.isPending}>
            {mutation.isPending ? "Saving..." : "Set new password"}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
