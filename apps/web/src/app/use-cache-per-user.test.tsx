import type { Session } from "@keyholder/contracts/auth";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AuthProvider } from "../lib/auth/auth-context.tsx";
import { clearSession, writeSession } from "../lib/auth/session-storage.ts";
import { useCachePerUser } from "./use-cache-per-user.ts";

const sessionOf = (id: number, viewer: number | null = null): Session => ({
  two_factor_required: false,
  preview: viewer === null ? null : { viewer_id: viewer, viewer_name: "Ada Owner" },
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  user: {
    id,
    username: `user${id}@example.com`,
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

function Probe() {
  useCachePerUser();
  return null;
}

describe("the query cache follows who is signed in", () => {
  afterEach(() => clearSession());

  const setUp = () => {
    const queryClient = new QueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
    const remember = () => queryClient.setQueryData(["notices"], { unread_count: 3 });
    const cached = () => queryClient.getQueryData(["notices"]);
    return { remember, cached };
  };

  it("drops the previous person's answers at sign-out, at another sign-in and at View as", () => {
    const { remember, cached } = setUp();
    act(() => writeSession(sessionOf(1)));
    remember();
    act(() => writeSession(sessionOf(1)));
    expect(cached()).toEqual({ unread_count: 3 });

    act(() => clearSession());
    expect(cached()).toBeUndefined();

    act(() => writeSession(sessionOf(1)));
    remember();
    act(() => writeSession(sessionOf(2)));
    expect(cached()).toBeUndefined();

    remember();
    act(() => writeSession(sessionOf(3, 2)));
    expect(cached()).toBeUndefined();
  });

  it("keeps what a signed-out visitor looked at when they sign in", () => {
    const { remember, cached } = setUp();
    remember();
    act(() => writeSession(sessionOf(1)));
    expect(cached()).toEqual({ unread_count: 3 });
  });
});
