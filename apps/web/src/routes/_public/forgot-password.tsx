import { passwordResetMessages } from "@keyholder/contracts/password-reset";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { requestPasswordReset } from "../../features/password-reset/api/request-reset.ts";
import { AuthCard } from "../../features/public-site/components/auth-card.tsx";

export const Route = createFileRoute("/_public/forgot-password")({ component: ForgotPasswordPage });

function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const mutation = useMutation({ mutationFn: requestPasswordReset });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) mutation.mutate(email.trim());
  };
  return (
    <AuthCard title="Reset your password">
      {mutation.isSuccess ? (
        <Alert tone="success">{passwordResetMessages.sent}</Alert>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {mutation.isError ? <Alert>{(mutation.error as Error).message}</Alert> : null}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Enter the email you sign in with and we will send you a link to choose a new password.
          </p>
          <TextField label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} isRequired />
          <Button type="submit" isDisabled={mutation.isPending || !email.trim()}>
            {mutation.isPending ? "Sending..." : "Send reset link"}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline dark:text-brand-500">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
