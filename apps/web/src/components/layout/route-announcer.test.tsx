import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RouteAnnouncer } from "./route-announcer.tsx";

/** A two-page app with the announcer, on a memory history. */
function app() {
  const root = createRootRoute({
    component: () => (
      <>
        <RouteAnnouncer />
        <Outlet />
      </>
    ),
  });
  const page = (path: string, title: string) =>
    createRoute({
      getParentRoute: () => root,
      path,
      component: () => (
        <main>
          <h1>{title}</h1>
          <button type="button">Menu</button>
        </main>
      ),
    });
  const router = createRouter({
    routeTree: root.addChildren([page("/", "Log in"), page("/workspace", "Workspace")]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

/** The Workspace heading, once the announcer has had time to move focus to it if it would. */
async function workspaceSettled() {
  const heading = await screen.findByRole("heading", { name: "Workspace" });
  await new Promise((resolve) => setTimeout(resolve, 50));
  return heading;
}

describe("RouteAnnouncer", () => {
  afterEach(cleanup);

  it("moves focus to the new page's heading after a route change", async () => {
    const router = app();
    await screen.findByRole("heading", { name: "Log in" });
    await act(() => router.navigate({ to: "/workspace" }));
    const heading = await screen.findByRole("heading", { name: "Workspace" });
    await expect.poll(() => document.activeElement).toBe(heading);
  });

  it("leaves focus alone when the user clicked after the navigation began, before it rendered", async () => {
    const router = app();
    await screen.findByRole("heading", { name: "Log in" });
    await act(async () => {
      const navigation = router.navigate({ to: "/workspace" });
      // The click lands while the new page is on its way (a menu opened in that moment).
      document.dispatchEvent(new Event("pointerdown"));
      await navigation;
    });
    expect(document.activeElement).not.toBe(await workspaceSettled());
  });

  it("leaves focus alone when the route guards re-run between the click and the new page's render", async () => {
    const router = app();
    await screen.findByRole("heading", { name: "Log in" });
    await act(async () => {
      const navigation = router.navigate({ to: "/workspace" });
      document.dispatchEvent(new Event("pointerdown"));
      // As the app does when the session changes at sign-in (app-root.tsx): the guards re-run,
      // which the router reports as another navigation starting, after the click.
      const guards = router.invalidate();
      await Promise.all([navigation, guards]);
    });
    expect(document.activeElement).not.toBe(await workspaceSettled());
  });

  it("leaves focus in a menu that is open when the new page renders", async () => {
    const router = app();
    await screen.findByRole("heading", { name: "Log in" });
    const menu = document.createElement("div");
    menu.setAttribute("role", "menu");
    const item = document.createElement("button");
    item.setAttribute("role", "menuitem");
    menu.append(item);
    await act(async () => {
      const navigation = router.navigate({ to: "/workspace" });
      // Opened without a click the announcer saw (however the events were ordered).
      document.body.append(menu);
      item.focus();
      await navigation;
    });
    await workspaceSettled();
    expect(document.activeElement).toBe(item);
    menu.remove();
  });
});
