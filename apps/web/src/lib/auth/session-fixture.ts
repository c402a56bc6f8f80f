import type { Session } from "@keyholder/contracts/auth";

/** A valid session for tests (an administrator of Harbor Homes); `id` and `viewer` tell people apart. */
export const sessionFixture = (id = 1, viewer: number | null = null): Session => ({
  two_factor_required: false,
  preview: viewer === null ? null : { viewer_id: viewer, viewer_name: "Ada Owner" },
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  user: {
    id,
    username: id === 1 ? "ada@example.com" : `user${id}@example.com`,
    two_factor_enabled: false,
    email_verified: true,
    banned: false,
    waitlisted: false,
    enabled: true,
    locked: false,
    last_login: null,
    is_operator: false,
    has_profile_picture: false,
    awaiting_approval: false,
    two_factor_setup_required: false,
    permissions: [],
    role: { id: 1, role_name: "ADMIN", display_name: "Administrator" },
    person: { first_name: "Ada", last_name: "Owner" },
  },
  organization: {
    name: "Harbor Homes",
    number: 1000,
    subscription_status: "TRIAL",
    payment_needed: false,
    grace_period_start: null,
    grace_period_end: null,
    has_logo: false,
  },
});
