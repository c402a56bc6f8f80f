import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { RecoveryCodes, TwoFactorEnrolment } from "../../../components/ui/two-factor-setup.tsx";
import { disableResidentTwoFactor } from "../api/disable-two-factor.ts";
import { enableResidentTwoFactor } from "../api/enable-two-factor.ts";
import { newResidentRecoveryCodes } from "../api/new-recovery-codes.ts";
import { setUpResidentTwoFactor } from "../api/set-up-two-factor.ts";
import { residentTwoFactorQuery } from "../api/two-factor.ts";

const card = "rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900";

/**
 * Two-factor sign-in for the resident: off, set up (scan, code, password; then the recovery codes,
 * once), on (recovery codes left, new ones or turn off, each with the password).
 */
export function ResidentSecurity() {
  const status = useQuery(residentTwoFactorQuery);
  const queryClient = useQueryClient();
  const [password, setPassword] = useState("");
  const [codes, setCodes] = useState<{ codes: string[]; title: string } | null>(null);
  /** After a change: the state it answers, and the recovery codes it made (once) under `title`. */
  const done =
    (title = "") =>
    (state: { enabled: boolean; recovery_codes_left: number; recovery_codes?: string[] }) => {
      queryClient.setQueryData(residentTwoFactorQuery.queryKey, {
        enabled: state.enabled,
        recovery_codes_left: state.recovery_codes_left,
      });
      setCodes(state.recovery_codes ? { codes: state.recovery_codes, title } : null);
      setPassword("");
      setup.reset();
    };
  const setup = useMutation({ mutationFn: setUpResidentTwoFactor });
  const enable = useMutation({ mutationFn: enableResidentTwoFactor, onSuccess: done("Two-factor sign-in is on.") });
  const disable = useMutation({ mutationFn: disableResidentTwoFactor, onSuccess: done() });
  const renew = useMutation({
    mutationFn: newResidentRecoveryCodes,
    onSuccess: done("New recovery codes: the old ones no longer work."),
  });
  if (!status.data) return null;
  const turnOff = (e: FormEvent) => {
    e.preventDefault();
    disable.mutate({ password });
  };
  const failed = disable.error ?? renew.error;
  return (
    <section aria-labelledby="security-title" className={card}>
      <h2 id="security-title" className="text-lg font-semibold">
        Two-factor sign-in
      </h2>
      {codes ? (
        <div className="mt-2">
          <RecoveryCodes codes={codes.codes} title={codes.title} onDone={() => setCodes(null)} />
        </div>
      ) : status.data.enabled ? (
        <form onSubmit={turnOff} noValidate className="mt-2 flex flex-col gap-3">
          <p className="text-sm">On: signing in also asks for a code from your authenticator app.</p>
          <p className="text-sm" data-testid="recovery-codes-left">
            Recovery codes left: {status.data.recovery_codes_left}
          </p>
          {failed ? <Alert>{failed.message}</Alert> : null}
          <PasswordField label="Password" autoComplete="current-password" value={password} onChange={setPassword} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onPress={() => renew.mutate({ password })} isPending={renew.isPending}>
              New recovery codes
            </Button>
            <Button type="submit" variant="secondary" isPending={disable.isPending}>
              Turn off
            </Button>
          </div>
        </form>
      ) : !setup.data ? (
        <div className="mt-2 flex flex-col gap-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Off. With it on, signing in also asks for a code from an authenticator app on your phone.
          </p>
          {setup.isError ? <Alert>{setup.error.message}</Alert> : null}
          <Button variant="secondary" onPress={() => setup.mutate()} isPending={setup.isPending}>
            Turn on two-factor sign-in
          </Button>
        </div>
      ) : (
        <div className="mt-2">
          <TwoFactorEnrolment
            setup={setup.data}
            error={enable.error}
            isPending={enable.isPending}
            onSubmit={(answer) => enable.mutate(answer)}
          />
        </div>
      )}
    </section>
  );
}
