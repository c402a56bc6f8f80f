/**
 * The built-in assistant's words (issue 15): which question a prompt asks, by weighted keywords and
 * phrases. A word matches with the typos its length allows (fuzzy.ts), so "vacnt" and "ocupancy"
 * count. Grow these lists from the questions the log says were not understood.
 */
export type Intent =
  | "units"
  | "occupancy"
  | "rent"
  | "contents"
  | "properties"
  | "applicants"
  | "staff"
  | "changes"
  | "help";

export const INTENT_WORDS: Record<Intent, [phrase: string, weight: number][]> = {
  units: [
    ["vacant", 3],
    ["vacancy", 3],
    ["vacancies", 3],
    ["unoccupied", 3],
    ["empty", 2],
    ["available", 2],
    ["free", 1],
    ["occupied", 2],
    ["rented", 2],
    ["leased", 2],
    ["units", 2],
    ["unit", 2],
    ["apartments", 1],
    ["apartment", 1],
  ],
  occupancy: [
    ["occupancy", 4],
    ["occupancy rate", 2],
    ["how full", 4],
    ["fill rate", 4],
    ["percent occupied", 4],
    ["percentage", 1],
    ["rate", 1],
    ["rank", 2],
    ["ranking", 2],
  ],
  rent: [
    ["rent", 3],
    ["rents", 3],
    ["rental price", 3],
    ["price", 2],
    ["prices", 2],
    ["cost", 2],
    ["expensive", 2],
    ["cheapest", 2],
    ["cheap", 1],
    ["average", 1],
    ["per month", 2],
  ],
  contents: [
    ["buildings", 2],
    ["building", 1],
    ["floor plans", 2],
    ["floorplans", 2],
    ["plans", 1],
    ["zones", 2],
    ["does", 1],
    ["have", 1],
    ["has", 1],
  ],
  properties: [
    ["properties", 3],
    ["property", 1],
    ["communities", 2],
    ["portfolio", 2],
  ],
  applicants: [
    ["applicants", 4],
    ["applicant", 4],
    ["applications", 4],
    ["application", 3],
    ["applied", 3],
    ["prospects", 2],
  ],
  staff: [
    ["staff", 4],
    ["team", 2],
    ["employees", 3],
    ["invitation", 3],
    ["invitations", 3],
    ["invited", 3],
    ["invite", 2],
    ["approval", 2],
  ],
  changes: [
    ["changed", 3],
    ["changes", 3],
    ["recent changes", 3],
    ["recently", 2],
    ["edited", 3],
    ["modified", 3],
    ["updated", 3],
    ["history", 2],
    ["who", 1],
    ["activity", 3],
  ],
  help: [
    ["how do i", 6],
    ["how can i", 6],
    ["how to", 5],
    ["where do i", 5],
    ["where can i", 5],
    ["help", 2],
  ],
};

/** A first word that makes the prompt a request to open something. */
export const NAVIGATION_VERBS = ["open", "show", "go", "goto", "take", "view", "display", "see", "bring", "find"];

/** Tables the assistant can open, by the words people use for them. */
export const NAVIGATION_TARGETS: { words: string[]; category: string; item: string }[] = [
  { words: ["units", "unit", "apartments", "vacancies"], category: "Unit", item: "All Units" },
  { words: ["floor plans", "floorplans", "plans"], category: "Unit", item: "Floor Plans" },
  { words: ["buildings", "building"], category: "Building", item: "All Buildings" },
  { words: ["properties", "property", "communities"], category: "Property", item: "All Properties" },
  { words: ["zones", "zone"], category: "Zone", item: "All Zones" },
  { words: ["staff", "team"], category: "Users", item: "Staff" },
  { words: ["administrators", "admins"], category: "Users", item: "Administrators" },
  { words: ["users", "accounts"], category: "Users", item: "All Users" },
  { words: ["applicants", "applications"], category: "Applicants", item: "All Applicants" },
];

/** "How do I ..." answers about the app itself, found by their words. */
export const HELP_TOPICS: { words: string[]; answer: string }[] = [
  {
    words: ["add property", "new property", "create property"],
    answer:
      "Open Property > All Properties and choose Add in the sidebar (the + button). Fill in the name, type and address; the opening hours, photos and public listing are in the same dialog.",
  },
  {
    words: ["add building", "new building", "create building"],
    answer:
      "Open Building > All Buildings and choose Add, or open a property and use Add on its Buildings tab: the new building is linked to that property.",
  },
  {
    words: ["add unit", "new unit", "create unit"],
    answer:
      "Open Unit > All Units and choose Add, or use Add on a property's or building's Units tab. A unit's building must belong to its property.",
  },
  {
    words: ["invite staff", "add staff", "invite", "new staff"],
    answer:
      "Open Users > Staff and choose Add: we email an invitation link valid for 7 days. Once they accept, approve them from the row menu (Approve Staff).",
  },
  {
    words: ["export", "csv", "download"],
    answer:
      "Select rows in a table (or none, for all of them) and choose Export in the sidebar: you get a CSV file of the visible columns.",
  },
  {
    words: ["filter", "search table", "quick filter"],
    answer:
      "Use Show quick filters above a table to type into each column, or Filter in the sidebar to build conditions such as Rent greater than 2000.",
  },
  {
    words: ["history", "who changed", "audit"],
    answer:
      "Select one row and choose History in the sidebar: every change, field by field, with who made it and when.",
  },
  {
    words: ["list online", "publish", "public site", "listing", "show online"],
    answer:
      "Edit the property and switch on List on the public site: it then appears in the public search and at its own page, with its photos and floor plans.",
  },
  {
    words: ["two factor", "2fa", "authenticator"],
    answer: "Open Settings from your user menu and turn on two-factor sign-in with an authenticator app.",
  },
  {
    words: ["change status", "approve applicant", "decline"],
    answer:
      "Open Applicants > All Applicants, right-click the applicant and choose Change Status: add a note if you like; the applicant is emailed.",
  },
  {
    words: ["delete", "remove"],
    answer:
      "Select the rows in a table and choose Delete in the sidebar, or right-click a row and choose Delete. Buildings, units, floor plans and zones can be put back with Undo on the notice that follows.",
  },
  {
    words: ["edit", "change", "update", "rename"],
    answer:
      "Select one row and choose Edit in the sidebar, or right-click it and choose Edit: every field you save is kept in the record's History.",
  },
];

/** Words that say which end of a ranking is wanted. */
export const LOWEST_WORDS = [
  "lowest",
  "least",
  "worst",
  "bottom",
  "emptiest",
  "cheapest",
  "smallest",
  "fewest",
  "minimum",
];
export const HIGHEST_WORDS = ["highest", "most", "best", "top", "fullest", "largest", "biggest", "maximum", "priciest"];
export const LIST_WORDS = ["which", "list", "what are", "name", "names"];

export const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };

/**
 * A request to change records starts with one of these verbs (after a polite opening): the
 * assistant only reads, and says so. Each verb says what would have been done.
 */
export const WRITE_VERBS: Record<string, "deleted" | "added" | "changed"> = {
  delete: "deleted",
  remove: "deleted",
  erase: "deleted",
  drop: "deleted",
  destroy: "deleted",
  purge: "deleted",
  wipe: "deleted",
  add: "added",
  create: "added",
  insert: "added",
  register: "added",
  invite: "added",
  update: "changed",
  change: "changed",
  edit: "changed",
  modify: "changed",
  set: "changed",
  rename: "changed",
  mark: "changed",
  move: "changed",
  assign: "changed",
  unassign: "changed",
  archive: "changed",
  restore: "changed",
  approve: "changed",
  decline: "changed",
  reject: "changed",
  cancel: "changed",
  raise: "changed",
  increase: "changed",
  lower: "changed",
  decrease: "changed",
  reduce: "changed",
  reset: "changed",
  replace: "changed",
  fix: "changed",
  correct: "changed",
  enable: "changed",
  disable: "changed",
  activate: "changed",
  deactivate: "changed",
  publish: "changed",
  unpublish: "changed",
  lock: "changed",
  unlock: "changed",
  undo: "changed",
};

/** What may come before the verb of a request: "please", "can you", "I want to". */
export const REQUEST_OPENINGS = [
  "please",
  "pls",
  "kindly",
  "just",
  "now",
  "can you",
  "could you",
  "would you",
  "will you",
  "can i",
  "may i",
  "i want to",
  "i wanna",
  "i need to",
  "i would like to",
  "id like to",
  "we need to",
  "we want to",
  "help me",
  "lets",
  "let us",
  "go ahead and",
];

/**
 * Words that are the question's own, never part of a name: a run of other words after "in", "at",
 * "of" ... is a name the user gave (parse-question.ts, unresolved names).
 */
export const QUESTION_WORDS = [
  // what and how
  "a an the our my your their its this that these those we us you i me it they them there here",
  "is are was were be been being am do does did done have has had having will would can could should shall may might must",
  "please thanks thank hi hello hey ok okay yes no not and or but if so then than as with without by to of in at on",
  "for from into onto about over under above below between across per each every all any some much many more less",
  "how what which who whom whose when where why whats hows wheres whos whats",
  "total totals overall altogether together entire whole everything anything something nothing everyone anyone",
  "number numbers count counts amount sum figure figures quickly currently current now today right moment presently",
  "still yet also just only even too very really ever again else other another same",
  // the organization and its records
  "organization organisation company business portfolio account system data database record records list table",
  "tables report summary breakdown stats statistics overview info information details detail status statuses",
  "community complex complexes site sites location locations place places area areas region address addresses",
  "city cities state states zip zipcode zipcodes code codes floor floors level levels plan plans layout layouts",
  "building buildings property properties unit units zone zones home homes house houses apartment apartments",
  "tenant tenants resident residents renter renters people person owner owners manager managers leasing lease leases",
  "member members user users admin admins administrator administrators account accounts listing listings",
  // time, money, sizes
  "recent recently latest last past week weeks month months year years day days yesterday hour hours ago since",
  "lately far time period quarter monthly weekly yearly annual dollars dollar usd bucks mo sq ft square feet",
  "footage size sizes sqft percent percentage share ratio average mean median range lowest highest",
  "next coming upcoming soon tomorrow later future week weekend tonight morning evening general market sale",
  "january february march april may june july august september october november december jan feb mar apr jun",
  "jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday",
  "once mine ours budget use order file books app terms chart graph descending ascending",
  // asking
  "give tell get know want need like see look check find show open display let lets me",
  "ones one two three four five six seven eight nine ten first second top bottom best worst",
].flatMap((line) => line.split(" "));

/** Words after which a name is expected: "units in ...", "occupancy of ...". */
export const NAME_INTRODUCERS = [
  "in",
  "at",
  "of",
  "for",
  "from",
  "on",
  "inside",
  "within",
  "about",
  "near",
  "called",
  "named",
];
/** "does ... have": a name between them. */
export const NAME_ASKED_ABOUT = { before: ["does", "do"], after: ["have", "has", "hold", "contain", "include"] };

/** Words that join two parts of one name: "Maple Commons at Main St". */
export const NAME_JOINERS = ["at", "on", "of", "and"];
