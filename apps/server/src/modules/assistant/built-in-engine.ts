import type { AiResponse, AssistantTarget } from "@keyholder/contracts/assistant";
import type { Permission } from "@keyholder/contracts/permissions";
import { isScoped, type Tx } from "../../db/client.ts";
import { answerChanges } from "./answer-changes.ts";
import { answerCount } from "./answer-counts.ts";
import { nameProblemAnswer, readOnlyAnswer } from "./answer-limits.ts";
import { answerApplicants, answerStaff, applicationStatusIn } from "./answer-people.ts";
import {
  answerContents,
  answerOccupancy,
  answerProperties,
  answerRent,
  answerUnits,
  scopeFilters,
  unitsTarget,
} from "./answer-records.ts";
import { words } from "./fuzzy.ts";
import { listingFiltersIn, listingsTarget } from "./listing-filters.ts";
import type { OrgNames } from "./org-names.ts";
import { findName, type Parsed, parseQuestion } from "./parse-question.ts";
import { buildingsNamedIn, readParts } from "./property-parts.ts";
import type { Found } from "./question-scope.ts";
import type { Scope } from "./scope.ts";

type Answer = Omit<AiResponse, "engine">;

/** What the assistant says it can do, when it could not read a question. */
export const EXAMPLES = [
  "How many vacant units are there in Austin?",
  "What is the occupancy rate of Maple Court?",
  "Which properties have the lowest occupancy?",
  "What are the rents of 2 bedroom floor plans?",
  "How many buildings do we have in total?",
  "How many applications are new?",
  "What changed recently?",
  "Show vacant units in Austin",
  "How do I invite staff?",
];

export const notUnderstood = (examples = EXAMPLES): Answer => ({
  response: `I did not understand that question. I answer from your organization's own records, for example:\n${examples.map((e) => `- ${e}`).join("\n")}`,
});

/** A table, filtered to what a question named. */
export function tableTarget(
  category: string,
  item: string,
  scope: Scope,
  status?: "vacant" | "occupied",
): AssistantTarget {
  if (item === "All Units") return unitsTarget(scope, status);
  return {
    workspace: {
      category,
      item,
      filters: scopeFilters(scope, {
        ...(["Building", "Zone", "Unit", "Applicants"].includes(category) ? { property: "property_name" } : {}),
        ...(category === "Building" ? { building: "name" } : {}),
        ...(category === "Unit" && item === "Floor Plans" ? { floorPlan: "plan_name", bedrooms: "bed_rooms" } : {}),
        city: ["Building", "Zone", "Property"].includes(category),
      }),
    },
  };
}

function navigateAnswer(parsed: Extract<Parsed, { kind: "navigate" }>): Answer {
  const { category, item, scope, status } = parsed;
  const target = tableTarget(category, item, scope, status);
  const filters = "workspace" in target ? Object.values(target.workspace.filters ?? {}) : [];
  return {
    response: `Opening ${item}${filters.length ? `, filtered to ${filters.join(", ")}` : ""}.`,
    action: { type: "navigate", payload: target },
  };
}

/**
 * What a question names beyond the cached names, read for it: the buildings it names on their own
 * (by their whole names, through an index) and the buildings and floor plans of the property it names.
 */
async function foundFor(tx: Tx, prompt: string, names: OrgNames): Promise<Found> {
  const property = findName(words(prompt), names.properties);
  return {
    buildings: await buildingsNamedIn(tx, prompt),
    ...(property ? { parts: { propertyId: property.id, rows: await readParts(tx, property.id) } } : {}),
  };
}

/**
 * The built-in engine (issue 15): reads the question with the deterministic parser and answers it
 * with one parameterized query, inside the caller's tenant-isolated transaction (their
 * organization and, for a user who works on some properties, those properties only). Never writes:
 * a request to change records is answered that it only reads. A name the caller has no record of
 * is said so. Answers null when it did not understand, so a caller may try another engine.
 */
export async function builtInAnswer(
  tx: Tx,
  prompt: string,
  names: OrgNames,
  can: (permission: Permission) => boolean,
): Promise<{ answer: Answer; understood: boolean }> {
  const parsed = parseQuestion(prompt, names, await foundFor(tx, prompt, names));
  const ok = (answer: Answer) => ({ answer, understood: true });
  switch (parsed.kind) {
    case "navigate":
      return ok(navigateAnswer(parsed));
    case "homes-near":
      return ok({
        response: `Opening the homes listed near ${parsed.zipcode}.`,
        action: { type: "navigate", payload: listingsTarget(parsed.zipcode, listingFiltersIn(prompt)) },
      });
    case "help":
      return parsed.answer
        ? ok({ response: parsed.answer })
        : ok({
            response:
              "I can explain how to add, edit and delete properties, buildings and units, invite staff, filter, export, see a record's history, list a property online, change an applicant's status and turn on two-factor sign-in. Ask, for example: How do I invite staff?",
          });
    case "write":
      return ok(readOnlyAnswer(parsed, tableTarget));
    case "unknown-name":
    case "ambiguous":
      return ok(nameProblemAnswer(parsed, isScoped(tx), names.properties[0]?.name));
    case "unknown":
      return { answer: notUnderstood(), understood: false };
    case "question":
      break;
  }
  const { intent, scope, status, order, list, counted } = parsed;
  switch (intent) {
    case "units":
      return ok(await answerUnits(tx, scope, status, list));
    case "occupancy":
      return ok(await answerOccupancy(tx, scope, order));
    case "rent":
      return ok(await answerRent(tx, scope));
    case "contents":
      // A building's contents are its units.
      if (scope.building) return ok(await answerUnits(tx, scope, status, list));
      if (scope.property) return ok(await answerContents(tx, scope.property));
      return ok(counted ? await answerCount(tx, counted, scope) : await answerProperties(tx, scope));
    case "properties":
      return ok(await answerProperties(tx, scope));
    case "applicants":
      return ok(await answerApplicants(tx, scope, applicationStatusIn(prompt)));
    case "staff":
      return can("staff.view")
        ? ok(await answerStaff(tx))
        : ok({ response: "Your role does not show the organization's staff." });
    case "changes":
      return ok(await answerChanges(tx, can));
  }
}
