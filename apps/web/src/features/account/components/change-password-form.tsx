import { accountMessages, changePasswordProblems } from "@keyholder/contracts/account";
import { authMessages } from "@keyholder/contracts/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { PasswordField } from "../../auth/components/password-field.tsx";
import { changePassword } from "../api/change-password.ts";

export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const problems = next ? changePasswordProblems({ current_password: current, new_password: next }) : {};
  const mismatch = confirm && confirm !== next ? [authMessages.confirmMismatch] : undefined;
  const valid = current !== "" && next !== "" && Object.keys(problems).length === 0 && confirm === next;
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      setCurrent("");
      setNext("");
      setConfirm("");
      await queryClient.invalidateQueries({ queryKey: ["account", "sessions"] });
    },
  });
  const serverFields = mutation.error instanceof ApiError ? mutation.error.fields : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) mutation.mutate({ current_password: current, new_password: next });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {mutation.isSuccess ? <Alert tone="success">{accountMessages.passwordChanged}</Alert> : null}
      {mutation.isError && !serverFields ? <Alert>{mutation.error.message}</Alert> : null}
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
        errors={serverFields?.current_password}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={next}
        onChange={setNext}
        errors={serverFields?.new_password ?? problems.new_password}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        errors={mismatch}
      />
      <div className="flex justify-end">
        <Button type="submit" isDisabled={!valid || mutation.isPending}>
          {mutation.isPending ? "Saving..." : "Change password"}
        </Button>
      </div>
    </form>
  );
}
