import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionFixture } from "./session-fixture.ts";

const session = sessionFixture();

/** A fresh module per test: the memory copy must not leak between cases. */
const load = async () => {
  vi.resetModules();
  return import("./session-storage.ts");
};

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("session storage", () => {
  it("reads back a stored session and counts it as authenticated", async () => {
    const s = await load();
    s.writeSession(session);
    const fresh = await load();
    expect(fresh.readSession()).toEqual(session);
    expect(fresh.isAuthenticated()).toBe(true);
  });

  it("keeps a session stored before the picture and logo flags existed, as having neither", async () => {
    const { has_profile_picture: _p, ...olderUser } = session.user;
    const { has_logo: _l, ...olderOrganization } = session.organization;
    localStorage.setItem(
      "keyholder.session",
      JSON.stringify({ ...session, user: olderUser, organization: olderOrganization }),
    );
    const s = await load();
    expect(s.readSession()).toEqual(session);
  });

  it("treats corrupt JSON as signed out and discards it", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    localStorage.setItem("keyholder.session", "{not json");
    const s = await load();
    expect(s.readSession()).toBeNull();
    expect(s.isAuthenticated()).toBe(false);
    expect(localStorage.getItem("keyholder.session")).toBeNull();
  });

  it("treats a wrongly shaped session as signed out", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    localStorage.setItem("keyholder.session", JSON.stringify({ ...session, user: { id: "one" } }));
    const s = await load();
    expect(s.readSession()).toBeNull();
  });

  it("treats an expired session as signed out", async () => {
    const s = await load();
    s.writeSession({ ...session, expires_at: new Date(Date.now() - 1000).toISOString() });
    expect(s.isAuthenticated()).toBe(false);
  });

  it("clears memory and storage at sign-out", async () => {
    const s = await load();
    s.writeSession(session);
    s.clearSession();
    expect(s.readSession()).toBeNull();
    expect(localStorage.getItem("keyholder.session")).toBeNull();
  });

  it("logs out locally even when the server call fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("network down"));
    const s = await load();
    s.writeSession(session);
    const { authStore } = await import("./auth-context.tsx");
    await authStore.logout();
    expect(s.readSession()).toBeNull();
    expect(localStorage.getItem("keyholder.session")).toBeNull();
  });
});
