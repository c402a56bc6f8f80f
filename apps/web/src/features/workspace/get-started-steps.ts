import type { GetStarted } from "@keyholder/contracts/get-started";

/** Where a step is done: a table's Add dialog, or the properties table (listing is set in a property's editor). */
export type GetStartedPlace = "addProperty" | "addBuilding" | "addStaff" | "properties";

export interface GetStartedStep {
  title: string;
  /** What the step is for, while it is not done. */
  about: string;
  done: boolean;
  /** What is there, once it is done ("3 properties"). */
  progress: string;
  /** Where the step is done in the app; absent while that screen is not built yet. */
  opens?: GetStartedPlace;
  /** Something to do before this step. */
  needsFirst?: string;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The "Get started" checklist of a new organization (issue 10, item 12), ticked from real counts. */
export function getStartedSteps(c: GetStarted): GetStartedStep[] {
  return [
    {
      title: "Add a property",
      about: "Everything you manage belongs to a property.",
      done: c.properties > 0,
      progress: plural(c.properties, "property", "properties"),
      opens: "addProperty",
    },
    {
      title: "Add buildings and units",
      about: "Buildings group a property's units.",
      done: c.buildings > 0 && c.units > 0,
      progress: `${plural(c.buildings, "building", "buildings")}, ${plural(c.units, "unit", "units")}`,
      opens: "addBuilding",
      needsFirst: c.properties === 0 ? "A building belongs to a property, so add a property first." : undefined,
    },
    {
      title: "Invite staff",
      about: "Give your team logins of their own.",
      done: c.staff > 0,
      progress: `${plural(c.staff, "person", "people")} invited`,
      opens: "addStaff",
    },
    {
      title: "List a property online",
      about: "Visitors find listed properties on the public property search.",
      done: c.properties_online > 0,
      progress: `${plural(c.properties_online, "property", "properties")} online`,
      opens: "properties",
      needsFirst:
        c.properties === 0
          ? "Add a property first."
          : c.units === 0
            ? "Add a unit first: a listing needs at least one available unit."
            : "Edit a property with an available unit and turn on “List on the public site”.",
    },
  ];
}

/** Dismissal is remembered per user, like the tabs (localStorage key suffixed with the user id). */
export const getStartedDismissedKey = (userId: number) => `keyholder.getStartedDismissed.${userId}`;

export function isGetStartedDismissed(storage: Storage, userId: number) {
  try {
    return storage.getItem(getStartedDismissedKey(userId)) === "true";
  } catch {
    return false;
  }
}

export function dismissGetStarted(storage: Storage, userId: number) {
  try {
    storage.setItem(getStartedDismissedKey(userId), "true");
  } catch {
    // Storage full or blocked: dismissed for this page view only.
  }
}
