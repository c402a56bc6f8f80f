import { residentMessages } from "@keyholder/contracts/resident";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { TwoFactorStep } from "../../../components/auth/two-factor-step.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
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
      <TwoFactorStep
        submit={residentSignInCode}
        onSignedIn={(session) => {
          queryClient.setQueryData(residentSessionQuery.queryKey, session);
          onSignedIn();
        }}
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
