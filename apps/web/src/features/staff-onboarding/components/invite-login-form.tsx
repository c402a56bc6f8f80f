import type { Session } from "@keyholder/contracts/auth";
import { INVITE_ERROR_CODES, type InviteCheck, inviteMessages } from "@keyholder/contracts/staff";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { TwoFactorStep } from "../../../components/auth/two-factor-step.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { submitTwoFactor } from "../../../lib/auth/two-factor.ts";
import { useForm } from "../../../lib/use-form.ts";
import { staffLogin } from "../api/accept-invite.ts";

/** Spec accounts 8, staff login: what a failed sign-in says. */
export function staffLoginFailure(error: unknown) {
  if (!(error instanceof ApiError)) return inviteMessages.loginFailed;
  if (error.status === 400 || error.status === 401) return inviteMessages.invalidCredentials;
  if (error.status === 403) {
    const own = [INVITE_ERROR_CODES.otherAccount, INVITE_ERROR_CODES.otherOrganization] as string[];
    return own.includes(error.code ?? "") ? error.message : inviteMessages.accountLocked;
  }
  if (error.status === 429) return error.message;
  if (error.status >= 500) return inviteMessages.serverError;
  return error.message || inviteMessages.loginFailed;
}

const required = (v: string) => (v.trim() ? [] : ["Required"]);

/** Accept with an existing account: both fields non-empty (spec accounts 5). */
export function InviteLoginForm(props: {
  guid: string;
  invite: InviteCheck;
  onSignedIn(session: Session): void;
  onBack(): void;
}) {
  const form = useForm({
    initialValues: { username: props.invite.email, password: "" },
    validate: (v) => {
      const fields: Record<string, string[]> = {};
      if (required(v.username).length) fields.username = required(v.username);
      if (required(v.password).length) fields.password = required(v.password);
      return fields;
    },
  });
  const [secondStep, setSecondStep] = useState(false);
  const mutation = useMutation({
    mutationFn: staffLogin,
    onSuccess: (answer) => ("user" in answer ? props.onSignedIn(answer) : setSecondStep(true)),
  });
  const submit = form.handleSubmit((v) =>
    mutation.mutate({ invite_guid: props.guid, username: v.username.trim(), password: v.password }),
  );
  // The invitation is accepted with the password; the code opens the session.
  if (secondStep)
    return (
      <TwoFactorStep submit={submitTwoFactor} onSignedIn={props.onSignedIn} onRestart={() => setSecondStep(false)} />
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {mutation.isError ? <Alert>{staffLoginFailure(mutation.error)}</Alert> : null}
      <TextField label="Email" type="email" autoComplete="username" {...form.field("username")} />
      <PasswordField label="Password" autoComplete="current-password" autoFocus {...form.field("password")} />
      <div className="flex justify-between gap-2">
        <Button variant="secondary" onPress={props.onBack} isDisabled={mutation.isPending}>
          Back
        </Button>
        <Button type="submit" isPending={mutation.isPending}>
          {mutation.isPending ? "Signing in..." : "Sign In and Accept"}
        </Button>
      </div>
    </form>
  );
}
