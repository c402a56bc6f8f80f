import type { AiResponse } from "@keyholder/contracts/assistant";
import {
  type AssistantToolArguments,
  type AssistantToolName,
  assistantToolArguments,
  assistantToolDescriptions,
} from "@keyholder/contracts/assistant-tools";
import type { Permission } from "@keyholder/contracts/permissions";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { answerChanges } from "./answer-changes.ts";
import { answerApplicants, answerStaff } from "./answer-people.ts";
import { answerContents, answerOccupancy, answerProperties, answerRent, answerUnits } from "./answer-records.ts";
import { findPhrase, words } from "./fuzzy.ts";
import type { OrgNames } from "./org-names.ts";
import { findName } from "./parse-question.ts";
import { buildingByName, withPropertyParts } from "./property-parts.ts";
import type { Scope } from "./scope.ts";

type Answer = Omit<AiResponse, "engine">;

/** Tools as the chat-completions API describes functions, their parameters generated from the contracts. */
export const describeTools = <N extends string>(args: Record<N, z.ZodType>, descriptions: Record<N, string>) =>
  (Object.keys(args) as N[]).map((name) => ({
    type: "function" as const,
    function: { name, description: descriptions[name], parameters: z.toJSONSchema(args[name], { io: "input" }) },
  }));

export const toolDefinitions = describeTools(assistantToolArguments, assistantToolDescriptions);

/** A model's arguments for a tool, checked against its contract: the data, or what was wrong as text. */
export function toolArguments<S extends z.ZodType>(schema: S, rawArguments: string): z.infer<S> | string {
  let json: unknown;
  try {
    json = rawArguments.trim() === "" ? {} : JSON.parse(rawArguments);
  } catch {
    return "The arguments were not valid JSON.";
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  return `Invalid arguments: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`;
}

type Named = { property?: string; building?: string; floor_plan?: string; city?: string; state?: string };
type ScopeArguments = Named & { zipcode?: string; bedrooms?: number };

/**
 * The scope a model's arguments name, resolved against the caller's own records exactly as a typed
 * question is (the same names, the same typo allowance); a name the caller has no record of is
 * reported back as unknown, whichever organization may have it.
 */
async function scopeOf(tx: Tx, names: OrgNames, args: ScopeArguments): Promise<Scope | string> {
  const scope: Scope = {};
  if (args.property) {
    const typed = words(args.property);
    // The whole name in what the model wrote, or what it wrote the start of one name only.
    const starting = names.properties.filter((p) => typed.length > 0 && findPhrase(p.words, typed) === typed.length);
    const property = findName(typed, names.properties) ?? (starting.length === 1 ? starting[0] : undefined);
    if (!property) return `No property named "${args.property}" was found.`;
    scope.property = { id: property.id, name: property.name };
  }
  if (args.building && !scope.property) {
    const found = await buildingByName(tx, args.building);
    if (!found) return `No single building named "${args.building}" was found; name its property too.`;
    Object.assign(scope, found);
  }
  if (scope.property && (args.building || args.floor_plan)) {
    // Said as a user would: "building A", "the Studio plan".
    const said = [args.building && `building ${args.building}`, args.floor_plan && `${args.floor_plan} plan`];
    const parts = await withPropertyParts(tx, scope, words(said.filter(Boolean).join(" ")));
    if (args.building && !parts.building) return `${scope.property.name} has no building named "${args.building}".`;
    if (args.floor_plan && !parts.floorPlan)
      return `${scope.property.name} has no floor plan named "${args.floor_plan}".`;
    Object.assign(scope, parts);
  } else if (args.floor_plan) {
    return `Floor plan names repeat between properties; name the property of "${args.floor_plan}" too.`;
  }
  if (args.city) {
    const city = findName(words(args.city), names.cities);
    if (!city) return `None of your properties is in "${args.city}".`;
    scope.city = city.name;
  }
  if (args.state) {
    const typed = args.state.trim();
    const state = names.states.find((s) => s.code === typed.toUpperCase()) ?? findName(words(typed), names.states);
    if (!state) return `"${args.state}" is not a US state.`;
    scope.state = state.name;
  }
  if (args.zipcode) scope.zipcode = args.zipcode;
  if (args.bedrooms !== undefined) scope.bedrooms = args.bedrooms;
  return scope;
}

type Runners = {
  [N in AssistantToolName]: (args: AssistantToolArguments<N>, scope: Scope) => Promise<Answer>;
};

/**
 * Runs one tool call of an external model: its arguments checked against the contract, then the
 * built-in engine's query for it, in the caller's isolated transaction. Bad arguments or an unknown
 * name come back as text the model can correct from, never as an error of the request.
 */
export async function runTool(
  tx: Tx,
  names: OrgNames,
  can: (permission: Permission) => boolean,
  name: string,
  rawArguments: string,
): Promise<Answer> {
  if (!Object.hasOwn(assistantToolArguments, name)) return { response: `There is no tool named "${name}".` };
  const tool = name as AssistantToolName;
  const parsed = toolArguments(assistantToolArguments[tool], rawArguments);
  if (typeof parsed === "string") return { response: parsed };
  const scope = await scopeOf(tx, names, parsed as ScopeArguments);
  if (typeof scope === "string") return { response: scope };
  const runners: Runners = {
    count_units: (a, s) =>
      answerUnits(tx, s, a.status === "all" ? undefined : a.status, a.list === true && a.status !== undefined),
    occupancy: (a, s) => answerOccupancy(tx, s, a.rank),
    floor_plan_rents: (_, s) => answerRent(tx, s),
    property_contents: (_, s) => (s.property ? answerContents(tx, s.property) : answerProperties(tx, s)),
    list_properties: (_, s) => answerProperties(tx, s),
    applications_by_status: (a, s) => answerApplicants(tx, s, a.status),
    staff_by_invitation: async () =>
      can("staff.view") ? answerStaff(tx) : { response: "The user's role does not show the organization's staff." },
    recent_changes: async () => answerChanges(tx, can),
  };
  return (runners[tool] as (a: unknown, s: Scope) => Promise<Answer>)(parsed, scope);
}
