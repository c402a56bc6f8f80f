import type { AiResponse } from "@keyholder/contracts/assistant";
import { publicPropertiesQuerySchema } from "@keyholder/contracts/public-properties";
import type { Tx } from "../../db/client.ts";
import { searchNearZip } from "../public-properties/search-near-zip.ts";
import { normalize } from "./fuzzy.ts";

type Answer = Omit<AiResponse, "engine">;

const PUBLIC_EXAMPLES = ["Find homes near 94110", "How many homes are listed near 78701?", "How do I apply?"];

/**
 * The assistant on the public pages, for a visitor who is not signed in: public listings only (the
 * same reads as the public search), the ZIP code from the prompt or from the page.
 */
export async function publicAnswer(tx: Tx, prompt: string, context: { zipcode?: string | undefined }) {
  const text = normalize(prompt);
  const zip = /\b(\d{5})\b/.exec(prompt)?.[1] ?? context.zipcode;
  if (/\b(apply|application)\b/.test(text)) {
    return {
      answer: {
        response:
          "Open a listing and choose Apply now: give your name, email, phone and the date you would like to move in. You can save the form and finish it later from the link we email you.",
      } satisfies Answer,
      understood: true,
    };
  }
  if (zip && /^\d{5}$/.test(zip)) {
    const list = await searchNearZip(tx, publicPropertiesQuerySchema.parse({ zipcode: zip }));
    const navigate = /^(find|show|open|take|go|search)\b/.test(text);
    return {
      answer: {
        response: list.origin
          ? `${list.total} ${list.total === 1 ? "home is" : "homes are"} listed within ${list.radius_miles} miles of ${zip} (${list.origin.city}, ${list.origin.state_code}).`
          : `${zip} is not a US ZIP code I know.`,
        ...(navigate
          ? { action: { type: "navigate" as const, payload: { to: "/properties" as const, search: { zipCode: zip } } } }
          : {}),
      } satisfies Answer,
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
