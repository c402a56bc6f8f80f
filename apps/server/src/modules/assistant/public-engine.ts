import type { AiResponse } from "@keyholder/contracts/assistant";
import { type PublicPropertyDetails, publicPropertiesQuerySchema } from "@keyholder/contracts/public-properties";
import type { Tx } from "../../db/client.ts";
import { getPropertyBySlug } from "../public-properties/get-property-by-slug.ts";
import { searchNearZip } from "../public-properties/search-near-zip.ts";
import { usd } from "./answer-format.ts";
import { normalize, sameWord } from "./fuzzy.ts";
import { filtersText, type ListingFilters, listingFiltersIn, listingsTarget, planMatches } from "./listing-filters.ts";

type Answer = Omit<AiResponse, "engine">;
/** What a public page shows: the ZIP code searched, or the listing on screen. */
export interface PublicContext {
  zipcode?: string | undefined;
  propertySlug?: string | undefined;
}

const PUBLIC_EXAMPLES = [
  "Find homes near 94110",
  "2 bedrooms under $1,500 near 78701",
  "How many homes are listed near 78701?",
  "How do I apply?",
];
const PROPERTY_EXAMPLES = ["What is the rent?", "Is anything available?", "Are pets allowed?", "Is there parking?"];
const mentions = (words: string[], ...known: string[]) => words.some((w) => known.some((k) => sameWord(w, k)));

const planLine = (f: PublicPropertyDetails["floor_plans"][number]) =>
  `${f.name}: ${f.bedrooms === 0 ? "studio" : `${f.bedrooms} bed`}, ${usd(f.rent)}/mo, ${f.available_units} available`;

/** A question about the listing on screen, answered from its public fields only. */
function aboutProperty(p: PublicPropertyDetails, words: string[], filters: ListingFilters): Answer | null {
  const wanted = filtersText(filters);
  if (wanted) {
    // "Do you have a 2 bedroom under $1500?": the plans that meet it.
    const plans = p.floor_plans.filter((f) => planMatches(filters, f));
    return {
      response: plans.length
        ? `Floor plans at ${p.name} ${wanted}:\n${plans.map(planLine).join("\n")}`
        : `${p.name} lists no floor plans ${wanted}.`,
    };
  }
  if (mentions(words, "rent", "rents", "price", "prices", "cost", "costs", "expensive", "cheap")) {
    return {
      response: p.rent
        ? `Rents at ${p.name} run from ${usd(p.rent.min)} to ${usd(p.rent.max)} a month${p.floor_plans.length ? `, over ${p.floor_plans.length} floor plan${p.floor_plans.length === 1 ? "" : "s"}` : ""}.`
        : `${p.name} does not list its rents online; contact the team for them.`,
    };
  }
  if (mentions(words, "available", "vacant", "vacancy", "vacancies", "free", "units", "open")) {
    return {
      response:
        p.available_units > 0
          ? `${p.name} has ${p.available_units} unit${p.available_units === 1 ? "" : "s"} available now.`
          : `${p.name} has no units available right now.`,
    };
  }
  if (mentions(words, "pets", "pet", "dogs", "dog", "cats", "cat")) {
    return {
      response: p.pets ? `${p.name}: ${p.pets}.` : `The listing does not say whether pets are allowed; ask the team.`,
    };
  }
  if (mentions(words, "parking", "park", "garage", "car")) {
    return {
      response:
        p.parking_spots === null
          ? "The listing does not say how much parking there is."
          : `${p.name} has ${p.parking_spots} parking spot${p.parking_spots === 1 ? "" : "s"}.`,
    };
  }
  if (mentions(words, "bedrooms", "bedroom", "beds", "plans", "plan", "size", "sizes", "studio")) {
    if (p.floor_plans.length === 0) return { response: `${p.name} lists no floor plans online.` };
    return { response: `Floor plans at ${p.name}:\n${p.floor_plans.map(planLine).join("\n")}` };
  }
  if (mentions(words, "contact", "call", "phone", "email", "manager", "office")) {
    const c = p.contacts[0];
    return {
      response: c
        ? `Contact ${c.name}${c.job_title ? `, ${c.job_title}` : ""}: ${[c.phone, c.email].filter(Boolean).join(" or ")}.`
        : "Apply online and the property's team will contact you.",
    };
  }
  return null;
}

/**
 * The assistant on the public pages, and for a visitor who is not signed in: public listings only
 * (the same reads as the public search and the property page), with the ZIP code or listing of the
 * page as context.
 */
export async function publicAnswer(tx: Tx, prompt: string, context: PublicContext) {
  const text = normalize(prompt);
  const words = text.split(" ");
  if (/\b(apply|application)\b/.test(text)) {
    return {
      answer: {
        response:
          "Open a listing and choose Apply now: give your name, email, phone and the date you would like to move in. You can save the form and finish it later from the link we email you.",
      } satisfies Answer,
      understood: true,
    };
  }
  // A ZIP code, not a rent ("under $15000").
  const zip = /(?<![$\d,.]\s?)\b(\d{5})\b/.exec(prompt)?.[1];
  const filters = listingFiltersIn(prompt);
  if (!zip && context.propertySlug) {
    const property = await getPropertyBySlug(tx, context.propertySlug);
    if (property) {
      const answer = aboutProperty(property, words, filters);
      return answer
        ? { answer, understood: true }
        : {
            answer: {
              response: `I can tell you about ${property.name}. Try:\n${PROPERTY_EXAMPLES.map((e) => `- ${e}`).join("\n")}`,
            } satisfies Answer,
            understood: false,
          };
    }
  }
  const near = zip ?? context.zipcode;
  if (near && /^\d{5}$/.test(near)) {
    const list = await searchNearZip(
      tx,
      publicPropertiesQuerySchema.parse({
        zipcode: near,
        ...(filters.bedrooms ? { bedrooms: filters.bedrooms } : {}),
        ...(filters.max_rent !== undefined ? { max_rent: String(filters.max_rent) } : {}),
        ...(filters.radius !== undefined ? { radius: String(filters.radius) } : {}),
        ...(filters.sort ? { sort: filters.sort } : {}),
      }),
    );
    const navigate = /^(find|show|open|take|go|search)\b/.test(text);
    const target = listingsTarget(near, filters);
    const wanted = filtersText(filters);
    return {
      answer: {
        response: list.origin
          ? `${list.total} ${list.total === 1 ? "home" : "homes"}${wanted ? ` ${wanted}` : ""} ${list.total === 1 ? "is" : "are"} listed within ${list.radius_miles} miles of ${near} (${list.origin.city}, ${list.origin.state_code}).`
          : `${near} is not a US ZIP code I know.`,
        ...(navigate
          ? { action: { type: "navigate" as const, payload: target } }
          : list.origin && list.total > 0
            ? { links: [{ label: list.total === 1 ? "See this home" : "See these homes", target }] }
            : {}),
      } satisfies Answer,
      understood: true,
    };
  }
  const wanted = filtersText(filters);
  if (wanted) {
    return {
      answer: { response: `Near which ZIP code? For example: homes ${wanted} near 94110.` } satisfies Answer,
      understood: true,
    };
  }
  return {
    answer: {
      response: `I can help you find homes. Try:\n${PUBLIC_EXAMPLES.map((e) => `- ${e}`).join("\n")}`,
    } satisfies Answer,
    understood: false,
  };
}
