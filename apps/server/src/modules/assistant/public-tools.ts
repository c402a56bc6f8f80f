import type { AiResponse } from "@keyholder/contracts/assistant";
import {
  type PublicAssistantToolName,
  publicAssistantToolArguments,
  publicAssistantToolDescriptions,
} from "@keyholder/contracts/assistant-tools";
import { type PublicPropertyDetails, publicPropertiesQuerySchema } from "@keyholder/contracts/public-properties";
import type { Tx } from "../../db/client.ts";
import { getPropertyBySlug } from "../public-properties/get-property-by-slug.ts";
import { searchNearZip } from "../public-properties/search-near-zip.ts";
import { usd } from "./answer-format.ts";
import { listingsTarget } from "./listing-filters.ts";
import type { PublicContext } from "./public-engine.ts";
import { describeTools, toolArguments } from "./tools.ts";

type Answer = Omit<AiResponse, "engine">;

const span = (r: { min: number; max: number } | null, format: (n: number) => string = String) =>
  r ? (r.min === r.max ? format(r.min) : `${format(r.min)}-${format(r.max)}`) : "not listed";
/** Results a model reads of one search: enough to compare, not a page to copy. */
const SHOWN = 5;

const PUBLIC_TOOLS = describeTools(publicAssistantToolArguments, publicAssistantToolDescriptions);

/** The public tools a page offers: a listing's details only where a listing is on screen. */
export const publicToolDefinitions = (context: PublicContext) =>
  PUBLIC_TOOLS.filter((tool) => tool.function.name !== "listing_details" || context.propertySlug !== undefined);

function listingText(p: PublicPropertyDetails) {
  const address = p.address
    ? `${p.address.address_line_1}, ${p.address.city}, ${p.address.state.state_name} ${p.address.zipcode}`
    : "address not listed";
  const plans = p.floor_plans.map(
    (f) =>
      `- ${f.name}: ${f.bedrooms === 0 ? "studio" : `${f.bedrooms} bed`}, ${f.bathrooms} bath${f.square_feet ? `, ${f.square_feet} sq ft` : ""}, ${usd(f.rent)}/month, ${f.available_units} available`,
  );
  return [
    `${p.name} (${p.property_type.name}), ${address}.`,
    `Rent ${span(p.rent, usd)} a month; bedrooms ${span(p.bedrooms)}; ${span(p.square_feet)} sq ft.`,
    `${p.available_units} unit${p.available_units === 1 ? "" : "s"} available now.`,
    `Pets: ${p.pets ?? "not stated"}. Parking spots: ${p.parking_spots ?? "not stated"}.`,
    plans.length ? `Floor plans:\n${plans.join("\n")}` : "No floor plans listed.",
    p.contacts.length
      ? `Contacts (their details are on the listing's page): ${p.contacts.map((c) => [c.name, c.job_title].filter(Boolean).join(", ")).join("; ")}.`
      : "To get in touch, the visitor applies from the listing's page.",
  ].join("\n");
}

/**
 * Runs one tool call of a model on a public page: the public search and the listing on screen,
 * exactly what the public pages show (never an organization's private records).
 */
export async function runPublicTool(
  tx: Tx,
  context: PublicContext,
  name: string,
  rawArguments: string,
): Promise<Answer> {
  if (!Object.hasOwn(publicAssistantToolArguments, name)) return { response: `There is no tool named "${name}".` };
  const tool = name as PublicAssistantToolName;
  if (tool === "listing_details") {
    const property = context.propertySlug ? await getPropertyBySlug(tx, context.propertySlug) : null;
    return property ? { response: listingText(property) } : { response: "No listing is on the visitor's screen." };
  }
  const args = toolArguments(publicAssistantToolArguments.search_homes, rawArguments);
  if (typeof args === "string") return { response: args };
  const zipcode = args.zipcode ?? context.zipcode;
  if (!zipcode || !/^\d{5}$/.test(zipcode)) return { response: "Which ZIP code? The search needs one." };
  const list = await searchNearZip(
    tx,
    publicPropertiesQuerySchema.parse({
      zipcode,
      ...(args.bedrooms ? { bedrooms: args.bedrooms } : {}),
      ...(args.max_rent ? { max_rent: String(args.max_rent) } : {}),
      ...(args.radius_miles ? { radius: String(args.radius_miles) } : {}),
      ...(args.sort ? { sort: args.sort } : {}),
    }),
  );
  if (!list.origin) return { response: `${zipcode} is not a US ZIP code we know.` };
  const shown = list.properties
    .slice(0, SHOWN)
    .map(
      (p) =>
        `- ${p.name}, ${p.address.city}: ${span(p.rent, usd)}/month, bedrooms ${span(p.bedrooms)}, ${p.available_units} available, ${p.distance_miles} miles`,
    );
  return {
    response: `${list.total} home${list.total === 1 ? "" : "s"} listed within ${list.radius_miles} miles of ${zipcode} (${list.origin.city}, ${list.origin.state_code})${shown.length ? `; the first ${shown.length}:\n${shown.join("\n")}` : "."}`,
    links: [
      {
        label: `See the homes near ${zipcode}`,
        target: listingsTarget(zipcode, {
          ...(args.bedrooms ? { bedrooms: args.bedrooms } : {}),
          ...(args.max_rent ? { max_rent: args.max_rent } : {}),
          ...(args.radius_miles ? { radius: args.radius_miles } : {}),
          ...(args.sort ? { sort: args.sort } : {}),
        }),
      },
    ],
  };
}
