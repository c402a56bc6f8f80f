import type { AiResponse, AssistantTarget } from "@keyholder/contracts/assistant";
import { allZips } from "../../lib/geo/zip-directory.ts";
import { normalize } from "./fuzzy.ts";
import type { Parsed } from "./parse-question.ts";
import type { NameProblem } from "./question-scope.ts";
import type { Scope } from "./scope.ts";

type Answer = Omit<AiResponse, "engine">;

/** How the user makes the change themselves, in the table the request names: the sidebar's action. */
const HOW: Record<Extract<Parsed, { kind: "write" }>["done"], { verb: string; how: string }> = {
  deleted: { verb: "delete", how: "select them and choose Delete in the sidebar" },
  added: { verb: "add", how: "and choose Add in the sidebar" },
  changed: { verb: "change", how: "select one and choose Edit in the sidebar" },
};

/**
 * A request to change records ("delete all units in North Tower"), answered plainly: the assistant
 * only reads, nothing was done, and where the user can do it, with the records named as a link.
 */
export function readOnlyAnswer(
  parsed: Extract<Parsed, { kind: "write" }>,
  tableTarget: (category: string, item: string, scope: Scope, status?: "vacant" | "occupied") => AssistantTarget,
): Answer {
  const said = `I only read your records, so I have not ${parsed.done} anything.`;
  const { target, scope, status } = parsed;
  if (!target) return { response: `${said} You can make changes yourself in the workspace's tables.` };
  const { verb, how } = HOW[parsed.done];
  const records = target.item.replace(/^All /, "").toLowerCase();
  return {
    response: `${said} To ${verb} ${records} yourself, open ${target.category} > ${target.item}, ${how}.`,
    ...(scope
      ? { links: [{ label: `Open ${records}`, target: tableTarget(target.category, target.item, scope, status) }] }
      : {}),
  };
}

let usCities: Set<string> | undefined;
/** Whether a name is a US city ("Denver", "Austin, TX"), by the national ZIP directory's city names. */
function isUsCity(name: string) {
  usCities ??= new Set([...allZips()].map((z) => normalize(z.city)));
  const place = normalize(name.replace(/,?\s+[A-Z]{2}$/, ""));
  return usCities.has(place);
}

/**
 * A name the caller has no record of, or one several of their buildings have: said so, never
 * answered with the figures of something else. Nothing is said of records outside their scope.
 */
export function nameProblemAnswer(problem: NameProblem, scoped: boolean, someProperty?: string): Answer {
  if (problem.kind === "ambiguous") {
    const at = problem.buildings.map((b) => b.property.name);
    const example = `vacant units in ${problem.name} at ${at[0]}`;
    return {
      response: `${problem.buildings.length} buildings are called ${problem.name}, at ${at.join(", ")}. Which one do you mean? Name its property too, for example: ${example}`,
    };
  }
  const { name, at, plan } = problem;
  if (at) return { response: `I couldn't find a ${plan ? "floor plan" : "building"} called ${name} at ${at.name}.` };
  if (plan) {
    return {
      response: `I couldn't find a property or building called ${name}. Floor plan names repeat between properties: name the plan's property too, for example: rent of the ${name} plan at ${someProperty ?? "Maple Court"}.`,
    };
  }
  const yours = scoped ? " among the properties you work on" : "";
  return {
    response: isUsCity(name)
      ? `I couldn't find a property or building called ${name}${yours}, and none of ${scoped ? "them" : "your properties"} is in a city of that name.`
      : `I couldn't find a property or building called ${name}${yours}. Check the name in Property > All Properties or Building > All Buildings.`,
  };
}
