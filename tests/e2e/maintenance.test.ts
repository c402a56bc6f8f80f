import { addDays, todayIn } from "@keyholder/contracts/civil-date";
import { formatColumnDate } from "@keyholder/contracts/list-query";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeInBothThemes } from "./axe.ts";
import { columnText } from "./grid-page.ts";
import { harborLofts } from "./harbor-lofts.ts";
import { type E2e, hasChromium, openFromMenu, signIn, startE2e } from "./harness.ts";

type Rows<T> = { rows: T[] };

describe.skipIf(!hasChromium)("Maintenance > All Requests, Open and Closed in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ AUTO_APPROVE_SIGNUPS: "true" });
  });
  afterAll(() => e2e?.close());

  it("records a request, moves it through triage to completed, and sees it leave Open for Closed", async () => {
    const owner = await e2e.signUp({ email: "fixit@example.com", company_name: "Fixit Homes" });
    await harborLofts(e2e, owner.email);
    const page = await signIn(e2e, owner);
    await openFromMenu(page, "Maintenance", "All Requests");
    const empty = page.getByRole("region", { name: "No Maintenance Requests" });
    await empty.getByText("Record the first request when a resident reports a problem.").waitFor();
    await empty.getByRole("button", { name: "Add Request" }).click();

    const add = page.getByRole("dialog", { name: "Add Maintenance Request" });
    await add.getByRole("button", { name: "Create" }).click();
    await add.getByText("Say in a few words what is wrong").waitFor();
    await add.getByLabel("Title").fill("Kitchen sink leaks");
    await add.getByRole("combobox", { name: "Property" }).fill("Harbor");
    await page.getByRole("option", { name: /Harbor Lofts/ }).click();
    await add.getByRole("combobox", { name: "Unit" }).fill("4B");
    await page.getByRole("option", { name: /4B/ }).click();
    await add.getByLabel("Priority").selectOption({ label: "Urgent (due in 2 days)" });
    await add.getByLabel("Came In By").selectOption({ label: "Phone" });
    // By keyboard, as a person tabbing through the form would.
    const enter = add.getByRole("checkbox", { name: "Permission to enter" });
    await enter.focus();
    await page.keyboard.press("Space");
    expect(await enter.isChecked()).toBe(true);
    await add.getByLabel("Entry Notes").fill("Dog is friendly");
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await add.getByRole("button", { name: "Create" }).click();
    await add.waitFor({ state: "detached" });

    await expect.poll(() => columnText(page, "title")).toEqual(["Kitchen sink leaks"]);
    expect(await columnText(page, "status")).toEqual(["New"]);
    expect(await columnText(page, "priority")).toEqual(["Urgent"]);
    expect(await columnText(page, "location_name")).toEqual(["4B"]);
    const today = todayIn("America/New_York");
    expect(await columnText(page, "due_on")).toEqual([formatColumnDate(addDays(today, 2))]);

    // Edited to an emergency: due today, in the organization's time zone.
    const all = page.getByRole("grid", { name: "Maintenance Requests" });
    await all.getByRole("row").filter({ hasText: "Kitchen sink leaks" }).getByRole("gridcell").first().click({
      button: "right",
    });
    await page.getByRole("menuitem", { name: "Edit Request" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Request #1" });
    expect(await edit.getByRole("combobox", { name: "Unit" }).inputValue()).toBe("4B");
    await edit.getByLabel("Priority").selectOption({ label: "Emergency (due today)" });
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    await expect.poll(() => columnText(page, "priority")).toEqual(["Emergency"]);
    expect(await columnText(page, "due_on")).toEqual([formatColumnDate(today)]);

    await openFromMenu(page, "Maintenance", "Open");
    const open = page.getByRole("grid", { name: "Open Maintenance Requests" });
    await open.getByText("Kitchen sink leaks").waitFor();

    // Through the view's Change Status, each change closing the dialog and refreshing the lists.
    const moveTo = async (status: string, note: string) => {
      await open.getByRole("row").filter({ hasText: "Kitchen sink leaks" }).getByRole("gridcell").first().dblclick();
      const view = page.getByRole("dialog", { name: "Request #1: Kitchen sink leaks" });
      const change = view.getByRole("form", { name: "Change status" });
      await change.getByLabel("New Status").selectOption({ label: status });
      await change.getByLabel("Note").fill(note);
      await change.getByRole("button", { name: "Change Status" }).click();
      await view.waitFor({ state: "detached" });
    };
    await moveTo("Triaged", "Called the resident");
    await expect.poll(() => columnText(page, "status")).toEqual(["Triaged"]);

    // Assigned to the owner with a visit booked: Scheduled, with who and when in the grid.
    await open.getByRole("row").filter({ hasText: "Kitchen sink leaks" }).getByRole("gridcell").first().dblclick();
    const viewing = page.getByRole("dialog", { name: "Request #1: Kitchen sink leaks" });
    await viewing.getByText("Not booked").waitFor(); // no visit yet, said as such (not N/A)
    const assign = viewing.getByRole("form", { name: "Assign" });
    const visitDay = addDays(today, 1);
    await assign.getByLabel("Assigned To").selectOption({ index: 1 });
    await assign.getByRole("spinbutton", { name: /^month, Visit Day/ }).focus();
    await page.keyboard.type(`${visitDay.slice(5, 7)}${visitDay.slice(8, 10)}${visitDay.slice(0, 4)}`);
    await assign.getByLabel("From").selectOption({ label: "9:00 AM" });
    await assign.getByLabel("Until").selectOption({ label: "11:30 AM" });
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });
    await assign.getByRole("button", { name: "Save Assignment" }).click();
    await viewing.waitFor({ state: "detached" });
    await expect.poll(() => columnText(page, "status")).toEqual(["Scheduled"]);
    expect(await columnText(page, "assigned_to_name")).toEqual(["Olive Owner"]);
    expect((await columnText(page, "scheduled_start"))[0]).toMatch(/9:00\sAM – 11:30\sAM$/);
    await moveTo("In Progress", "Plumber on site");
    await expect.poll(() => columnText(page, "status")).toEqual(["In Progress"]);
    await moveTo("Completed", "Replaced the trap");
    await page.getByText("No open requests: everything is done.").waitFor();

    await openFromMenu(page, "Maintenance", "Closed");
    const closed = page.getByRole("grid", { name: "Closed Maintenance Requests" });
    await closed.getByRole("row").filter({ hasText: "Kitchen sink leaks" }).getByRole("gridcell").first().dblclick();
    const view = page.getByRole("dialog", { name: "Request #1: Kitchen sink leaks" });
    const history = view.getByRole("region", { name: "Status History" });
    await history.getByText("In Progress → Completed").waitFor();
    await history.getByText("Replaced the trap").waitFor();
    await history.getByText("Recorded as New").waitFor();
    // An internal comment and a photo, both on the view (the photo's thumbnail through the session).
    const comments = view.getByRole("region", { name: "Comments" });
    const say = comments.getByRole("form", { name: "Add a comment" });
    expect(await say.getByRole("radio", { name: /^Internal/ }).isChecked()).toBe(true);
    await say.getByRole("textbox", { name: "Comment" }).fill("The old trap was cracked");
    await say.getByRole("button", { name: "Add Comment" }).click();
    await comments
      .getByRole("listitem")
      .filter({ hasText: "The old trap was cracked" })
      .getByText("Internal")
      .waitFor();
    const photos = view.getByRole("region", { name: "Photos" });
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    await photos.locator('input[type="file"]').setInputFiles({ name: "trap.png", mimeType: "image/png", buffer: png });
    const thumbnail = photos.getByRole("img", { name: /^Photo 1/ });
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(480);
    // Closed: only a reopening is offered.
    const choices = await view.getByLabel("New Status").locator("option").allTextContents();
    expect(choices).toEqual(["New", "Triaged"]);
    expect(await axeInBothThemes(page)).toEqual({ light: "", dark: "" });

    // On a phone the view fits the screen's width, nothing cut off sideways, and its actions are reachable.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await view.boundingBox())?.width ?? 999).toBeLessThanOrEqual(390);
    expect(await view.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const reopen = view.getByRole("button", { name: "Change Status" });
    await reopen.scrollIntoViewIfNeeded();
    expect(await reopen.isVisible()).toBe(true);

    // The link in a notification email (/workspace?open=maintenance_request:<id>) opens the request's view.
    const [request] = await e2e.app.asSystem(
      async (tx) =>
        (
          (await tx.execute(
            sql`select id from maintenance_requests where title = 'Kitchen sink leaks'`,
          )) as unknown as Rows<{ id: string }>
        ).rows,
    );
    await page.goto(`/workspace?open=maintenance_request:${request?.id}`);
    await page
      .getByRole("dialog", { name: "Request #1: Kitchen sink leaks" })
      .getByText("Olive Owner")
      .first()
      .waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe("");
  });
});
