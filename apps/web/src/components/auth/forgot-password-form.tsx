import { forgotPasswordProblems, passwordResetMessages } from "@keyholder/contracts/password-reset";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useForm } from "../../lib/use-form.ts";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/text-field.tsx";

/**
 * Forgot password, for the staff and for residents: the address they sign in with, and the same
 * answer whether it has an account or not (the server's too). Each audience brings its own call,
 * words and way back.
 */
export function ForgotPasswordForm({
  request,
  intro,
  submitLabel,
  back,
}: {
  request: (email: string) => Promise<unknown>;
  intro: string;
  submitLabel: string;
  back: ReactNode;
}) {
  const form = useForm({ initialValues: { email: "" }, validate: forgotPasswordProblems });
  const mutation = useMutation({ mutationFn: request });
  const submit = form.handleSubmit((v) => mutation.mutate(v.email.trim()));
  return (
    <>
      {mutation.isSuccess ? (
        <Alert tone="success">{passwordResetMessages.sent}</Alert>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {mutation.isError ? <Alert>{mutation.error.message}</Alert> : null}
          <p className="text-sm text-slate-600 dark:text-slate-400">{intro}</p>
          <TextField label="Email" type="email" autoComplete="email" isRequired autoFocus {...form.field("email")} />
          <Button type="submit" isPending={mutation.isPending}>
            {mutation.isPending ? "Sending..." : submitLabel}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">{back}</p>
    </>
  );
}
