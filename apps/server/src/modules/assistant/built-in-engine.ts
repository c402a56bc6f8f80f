import type { AiResponse, AssistantTarget } from "@keyholder/contracts/assistant";
import type { Permission } from "@keyholder/contracts/permissions";
import type { Tx } from "../../db/client.ts";
import { answerApplicants, answerChanges, answerStaff, applicationStatusIn } from "./answer-people.ts";
import {
  answerContents,
  answerOccupancy,
  answerProperties,
  answerRent,
  answerUnits,
  scopeFilters,
  unitsTarget,
} from "./answer-records.ts";
import type { OrgNames } from "./org-names.ts";
import { type Parsed, parseQuestion, words } from "./parse-question.ts";
import { withPropertyParts } from "./property-parts.ts";

type Answer = Omit<AiResponse, "engine">;

/** What the assistant says it can do, when it could not read a question. */
export const EXAMPLES = [
  "How many vacant units are there in Austin?",
  "What is the occupancy rate of Maple Court?",
  "Which properties have the lowest occupancy?",
  "What are the rents of 2 bedroom floor plans?",
  "How many applications are new?",
  "What changed recently?",
  "Show vacant units in Austin",
  "How do I invite staff?",
];

export const notUnderstood = (examples = EXAMPLES): Answer => ({
  response: `I did not understand that question. I answer from your organization's own records, for example:\n${examples.map((e) => `- ${e}`).join("\n")}`,
});

function navigateAnswer(parsed: Extract<Parsed, { kind: "navigate" }>): Answer {
  const { category, item, scope, status } = parsed;
  const target: AssistantTarget =
    item === "All Units"
      ? unitsTarget(scope, status)
      : {
          workspace: {
            category,
            item,
            filters: scopeFilters(scope, {
              ...(["Building", "Zone", "Unit"].includes(category) ? { property: "property_name" } : {}),
              ...(category === "Unit" && item === "Floor Plans" ? { floorPlan: "plan_name" } : {}),
              city: ["Building", "Zone", "Property"].includes(category),
            }),
          },
        };
  const filters = "workspace" in target ? Object.values(target.workspace.filters ?? {}) : [];
  return {
    response: `Opening ${item}${filters.length ? `, filtered to ${filters.join(", ")}` : ""}.`,
    action: { type: "navigate", payload: target },
  };
}

/**
 * The built-in engine (issue 15): reads the question with the deterministic parser and answers it
 * with one parameterized query, inside the caller's tenant-isolated transaction (their
 * organization and, for a user who works on some properties, those properties only). Never writes.
 * Answers null when it did not understand, so a caller may try another engine.
 */
export async function builtInAnswer(
  tx: Tx,
  prompt: string,
  names: OrgNames,
  can: (permission: Permission) => boolean,
): Promise<{ answer: Answer; understood: boolean }> {
  const read = parseQuestion(prompt, names);
  const parsed =
    "scope" in read && read.scope.property
      ? { ...read, scope: await withPropertyParts(tx, read.scope, words(prompt)) }
      : read;
  const ok = (answer: Answer) => ({ answer, understood: true });
  switch (parsed.kind) {
    case "navigate":
      return ok(navigateAnswer(parsed));
    case "homes-near":
      return ok({
        response: `Opening the homes listed near ${parsed.zipcode}.`,
        action: { type: "navigate", payload: { to: "/properties", search: { zipCode: parsed.zipcode } } },
      });
    case "help":
      return parsed.answer
        ? ok({ response: parsed.answer })
        : ok({
            response:
              "I can explain how to add properties, buildings and units, invite staff, filter, export, see a record's history, list a property online, change an applicant's status and turn on two-factor sign-in. Ask, for example: How do I invite staff?",
          });
    case "unknown":
      return { answer: notUnderstood(), understood: false };
    case "question":
      break;
  }
  const { intent, scope, status, order, list } = parsed;
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
      return scope.property ? ok(await answerContents(tx, scope.property)) : ok(await answerProperties(tx, scope));
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
