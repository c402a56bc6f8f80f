import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AuthProvider } from "../lib/auth/auth-context.tsx";
import { sessionFixture } from "../lib/auth/session-fixture.ts";
import { clearSession, writeSession } from "../lib/auth/session-storage.ts";
import { useCachePerUser } from "./use-cache-per-user.ts";

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
    act(() => writeSession(sessionFixture(1)));
    remember();
    act(() => writeSession(sessionFixture(1)));
    expect(cached()).toEqual({ unread_count: 3 });

    act(() => clearSession());
    expect(cached()).toBeUndefined();

    act(() => writeSession(sessionFixture(1)));
    remember();
    act(() => writeSession(sessionFixture(2)));
    expect(cached()).toBeUndefined();

    remember();
    act(() => writeSession(sessionFixture(3, 2)));
    expect(cached()).toBeUndefined();
  });

  it("keeps what a signed-out visitor looked at when they sign in", () => {
    const { remember, cached } = setUp();
    remember();
    act(() => writeSession(sessionFixture(1)));
    expect(cached()).toEqual({ unread_count: 3 });
  });
});
