import { displayName } from "@keyholder/contracts/people";
import {
  daysUntilExpiration,
  isInGracePeriod,
  isPaymentNeeded,
  subscriptionStatusText,
} from "@keyholder/contracts/subscription";
import { type ReactNode, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useAuth } from "../../../lib/auth/auth-context.tsx";
import { ProfileForm } from "./profile-form.tsx";

const date = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" }) : "—";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The signed-in person, user and organization, with the subscription rules of spec section 4. */
export function AccountDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { session } = useAuth();
  const [editing, setEditing] = useState(false);
  if (!session) return null;
  const { user, organization: org } = session;
  const days = daysUntilExpiration(org);
  return (
    <Dialog id="account" title="Account Information" isOpen={isOpen} onClose={onClose}>
      <div className="flex items-center justify-between">
        <h3 className="font-semibold">You</h3>
        {editing ? null : (
          <Button variant="secondary" onPress={() => setEditing(true)}>
            Edit your details
          </Button>
        )}
      </div>
      {editing ? <ProfileForm session={session} onDone={() => setEditing(false)} /> : null}
      <dl>
        <Row label="Name">{displayName(user.person) || "—"}</Row>
        <Row label="Email">{user.username}</Row>
        <Row label="Phone">{user.person?.phone || "—"}</Row>
        <Row label="Role">{user.role.display_name || "User"}</Row>
        <Row label="Email verified">{user.email_verified ? "Yes" : "No"}</Row>
        <Row label="Two-factor login">{user.two_factor_enabled ? "On" : "Off"}</Row>
        <Row label="Last login">{date(user.last_login)}</Row>
      </dl>
      <h3 className="mt-4 font-semibold">Organization</h3>
      <dl>
        <Row label="Name">{org.name}</Row>
        <Row label="Number">{org.number}</Row>
        <Row label="Subscription">{subscriptionStatusText(org)}</Row>
        <Row label="Expires">
          {date(org.subscription_expires_at)}
          {days !== null ? ` (${days >= 0 ? `${days} days left` : `${-days} days ago`})` : ""}
        </Row>
        <Row label="Grace period">
          {date(org.grace_period_start)} – {date(org.grace_period_end)}
          {isInGracePeriod(org) ? " (now in grace period)" : ""}
        </Row>
        <Row label="Payment needed">{isPaymentNeeded(org) ? "Yes" : "No"}</Row>
      </dl>
    </Dialog>
  );
}
