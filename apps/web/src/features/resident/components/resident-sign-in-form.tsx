import { residentMessages } from "@keyholder/contracts/resident";
import { residentRecoveryMessages } from "@keyholder/contracts/resident-account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { AuthenticationCodeField } from "../../../components/ui/two-factor-setup.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useForm } from "../../../lib/use-form.ts";
import { residentSessionQuery } from "../api/resident-session.ts";
import { residentSignIn } from "../api/sign-in.ts";
import { residentSignInCode } from "../api/sign-in-code.ts";

const problems = (v: { email: string; password: string }) => {
  const fields: Record<string, string[]> = {};
  if (!v.email.trim()) fields.email = ["Enter your email"];
  if (!v.password) fields.password = ["Enter your password"];
  return fields;
};

export function ResidentSignInForm({ onSignedIn }: { onSignedIn(): void }) {
  const form = useForm({ initialValues: { email: "", password: "" }, validate: problems });
  const [secondStep, setSecondStep] = useState(false);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: residentSignIn,
    onSuccess(answer) {
      if ("two_factor_required" in answer) {
        setSecondStep(true);
        return;
      }
      queryClient.setQueryData(residentSessionQuery.queryKey, answer);
      onSignedIn();
    },
  });
  if (secondStep) {
    return (
      <CodeStep
        onSignedIn={onSignedIn}
        onRestart={() => {
          setSecondStep(false);
          mutation.reset();
        }}
      />
    );
  }
  const failure =
    mutation.error instanceof ApiError && mutation.error.status === 429
      ? mutation.error.message
      : residentMessages.signInInvalid;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((v) => mutation.mutate({ email: v.email.trim(), password: v.password }))}
    >
      {mutation.isError ? <Alert>{failure}</Alert> : null}
      <TextField label="Email" type="email" autoComplete="username" {...form.field("email")} autoFocus />
      <PasswordField label="Password" autoComplete="current-password" {...form.field("password")} />
      <Button type="submit" isPending={mutation.isPending}>
        {mutation.isPending ? "Signing in..." : "Sign in"}
      </Button>
    </form>
  );
}

/** The second step with two-factor sign-in on: the 6-digit code of the authenticator app, or a recovery code. */
function CodeStep({ onSignedIn, onRestart }: { onSignedIn(): void; onRestart(): void }) {
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: residentSignInCode,
    onSuccess(session) {
      queryClient.setQueryData(residentSessionQuery.queryKey, session);
      onSignedIn();
    },
    onError(err) {
      if (err instanceof ApiError && err.status === 401) onRestart();
    },
  });
  const switchKind = () => {
    setRecovery(!recovery);
    setCode("");
    mutation.reset();
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate(recovery ? { recovery_code: code.trim() } : { code: code.trim() });
      }}
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {recovery
          ? "Enter one of the recovery codes you saved when you turned on two-factor sign-in."
          : "Enter the 6-digit code your authenticator app shows."}
      </p>
      {mutation.isError ? <Alert>{mutation.error.message}</Alert> : null}
      {recovery ? (
        <TextField label="Recovery code" value={code} onChange={setCode} autoComplete="off" autoFocus />
      ) : (
        <AuthenticationCodeField value={code} onChange={setCode} autoFocus />
      )}
      <Button type="submit" isPending={mutation.isPending}>
        Verify
      </Button>
      <Button variant="secondary" onPress={switchKind}>
        {recovery ? residentRecoveryMessages.useApp : residentRecoveryMessages.useRecovery}
      </Button>
    </form>
  );
}
