import { authMessages, loginProblems, type Session } from "@keyholder/contracts/auth";
import { passwordResetMessages } from "@keyholder/contracts/password-reset";
import { twoFactorMessages } from "@keyholder/contracts/two-factor";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { TwoFactorStep } from "../../../components/auth/two-factor-step.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { authStore } from "../../../lib/auth/auth-context.tsx";
import { submitTwoFactor } from "../../../lib/auth/two-factor.ts";
import { useForm } from "../../../lib/use-form.ts";
import { login } from "../api/login.ts";

export interface LoginFormProps {
  /** After a successful sign-in. */
  onSignedIn(): void;
  /** A 403 carrying the waitlisted flag: go to the waitlist without a message. */
  onWaitlisted(): void;
}

/** What the user reads when login fails: the spec's text, or the server's own for limits and locks. */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 429 || error.status === 403)) return error.message;
  return authMessages.loginInvalid;
}

export function LoginForm({ onSignedIn, onWaitlisted }: LoginFormProps) {
  const form = useForm({ initialValues: { username: "", password: "" }, validate: loginProblems });
  const [secondStep, setSecondStep] = useState(false);
  const [restarted, setRestarted] = useState(false);
  const signedIn = (session: Session) => {
    authStore.login(session);
    onSignedIn();
  };
  const mutation = useMutation({
    mutationFn: login,
    onSuccess(answer) {
      if ("user" in answer) signedIn(answer);
      else setSecondStep(true);
    },
    onError(error) {
      if (error instanceof ApiError && error.status === 403 && (error.body as { waitlisted?: boolean })?.waitlisted) {
        onWaitlisted();
      }
    },
  });
  const waitlisted =
    mutation.error instanceof ApiError && (mutation.error.body as { waitlisted?: boolean } | undefined)?.waitlisted;
  const submit = form.handleSubmit((v) => mutation.mutate({ username: v.username.trim(), password: v.password }));

  if (secondStep) {
    return (
      <TwoFactorStep
        submit={submitTwoFactor}
        onSignedIn={signedIn}
        onRestart={() => {
          setSecondStep(false);
          setRestarted(true);
          mutation.reset();
        }}
      />
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {restarted ? <Alert tone="info">{twoFactorMessages.challengeExpired}</Alert> : null}
      {mutation.isError && !waitlisted ? <Alert>{loginFailureMessage(mutation.error)}</Alert> : null}
      <TextField label="Email" type="email" autoComplete="username" {...form.field("username")} autoFocus />
      <PasswordField label="Password" autoComplete="current-password" {...form.field("password")} />
      <div className="flex justify-end text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline dark:text-brand-100">
          {passwordResetMessages.forgotLink}
        </Link>
      </div>
      <Button type="submit" isPending={mutation.isPending}>
        {mutation.isPending ? "Logging in..." : "Log In"}
      </Button>
    </form>
  );
}
