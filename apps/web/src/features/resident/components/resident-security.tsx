import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PasswordField } from "../../../components/ui/password-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { disableResidentTwoFactor } from "../api/disable-two-factor.ts";
import { enableResidentTwoFactor } from "../api/enable-two-factor.ts";
import { newResidentRecoveryCodes } from "../api/new-recovery-codes.ts";
import { setUpResidentTwoFactor } from "../api/set-up-two-factor.ts";
import { residentTwoFactorQuery } from "../api/two-factor.ts";
import { RecoveryCodesList } from "./recovery-codes-list.tsx";

const card = "rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900";

/**
 * Two-factor sign-in for the resident: off, set up (scan, code, password; then the recovery codes,
 * once), on (recovery codes left, new ones or turn off, each with the password).
 */
export function ResidentSecurity() {
  const status = useQuery(residentTwoFactorQuery);
  const queryClient = useQueryClient();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const done = (state: { enabled: boolean; recovery_codes_left: number; recovery_codes?: string[] }) => {
    queryClient.setQueryData(residentTwoFactorQuery.queryKey, {
      enabled: state.enabled,
      recovery_codes_left: state.recovery_codes_left,
    });
    setCodes(state.recovery_codes ?? null);
    setPassword("");
    setCode("");
    setup.reset();
  };
  const setup = useMutation({ mutationFn: setUpResidentTwoFactor });
  const enable = useMutation({ mutationFn: enableResidentTwoFactor, onSuccess: done });
  const disable = useMutation({ mutationFn: disableResidentTwoFactor, onSuccess: done });
  const renew = useMutation({ mutationFn: newResidentRecoveryCodes, onSuccess: done });
  if (!status.data) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (status.data.enabled) disable.mutate({ password });
    else enable.mutate({ password, code: code.trim() });
  };
  const failed = disable.error ?? renew.error;
  return (
    <section aria-labelledby="security-title" className={card}>
      <h2 id="security-title" className="text-lg font-semibold">
        Two-factor sign-in
      </h2>
      {codes ? (
        <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />
      ) : status.data.enabled ? (
        <form onSubmit={submit} noValidate className="mt-2 flex flex-col gap-3">
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
        <form onSubmit={submit} noValidate className="mt-2 flex flex-col gap-3">
          <p className="text-sm">1. Scan this code with an authenticator app, or type the key.</p>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qr_svg)}`}
            alt="QR code to add Keyholder to an authenticator app"
            className="h-44 w-44 rounded bg-white p-2"
          />
          <p className="text-sm">
            Key: <code className="break-all rounded bg-slate-100 px-1 dark:bg-slate-800">{setup.data.secret}</code>
          </p>
          <p className="text-sm">2. Enter the 6-digit code the app shows, and your password.</p>
          {enable.isError ? <Alert>{enable.error.message}</Alert> : null}
          <TextField
            label="Authentication code"
            value={code}
            onChange={(v) => setCode(v.replace(/\D/g, "").slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
          <PasswordField label="Password" autoComplete="current-password" value={password} onChange={setPassword} />
          <Button type="submit" isPending={enable.isPending}>
            Turn on
          </Button>
        </form>
      )}
    </section>
  );
}
