import { can } from "@keyholder/contracts/permissions";
import { sql } from "drizzle-orm";
import { asSystem, type Database, withOrg } from "../db/client.ts";
import { builtInAnswer } from "../modules/assistant/built-in-engine.ts";
import { orgNames } from "../modules/assistant/org-names.ts";
import { now, percentile } from "./timing.ts";

type Rows<T> = { rows: T[] };
const TARGET_P95_MS = 300;

/**
 * Issue 15, item 4: the built-in assistant's answers on the organization with the most units, as
 * its administrator asks them through POST /api/v1/ai/query (the same parser, names and queries,
 * inside withOrg), one prompt per question type, named after the organization's own largest
 * property, its city, state, a building and a floor plan. Target: p95 within 300 ms.
 */
export async function benchAssistant(db: Database, orgId: string, runs: number) {
  type Facts = {
    property: string;
    city: string;
    state: string;
    zipcode: string;
    building: string | null;
    user_id: number;
  };
  const [facts] = await asSystem(
    db,
    async (tx) =>
      (
        (await tx.execute(sql`select p.name as property, u.city, u.state_name as state, a.zipcode,
          (select b.name from buildings b where b.property_id = p.id order by b.name limit 1) as building,
          (select id from users where organization_id = p.organization_id order by id limit 1) as user_id
        from properties p
        join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
        join lateral (select city, state_name from units where property_id = p.id limit 1) u on true
        where p.organization_id = ${orgId} order by p.total_units desc, p.id limit 1`)) as unknown as Rows<Facts>
      ).rows,
  );
  if (!facts) throw new Error("the organization has no property with units");
  const prompts = [
    "How many vacant units are there?",
    `How many vacant units are there in ${facts.city}?`,
    `occupied units in ${facts.state}`,
    `vacant units at ${facts.property}`,
    `vacant units in ZIP code ${facts.zipcode}`,
    "how many vacant 2 bedroom units",
    ...(facts.building ? [`vacant units in ${facts.building}`] : []),
    `What is the occupancy rate of ${facts.property}?`,
    `occupancy in ${facts.city}`,
    "Which properties have the lowest occupancy?",
    "What are the rents of 2 bedroom floor plans?",
    `average rent at ${facts.property}`,
    `How many buildings does ${facts.property} have?`,
    `properties in ${facts.state}`,
    "How many applications are new?",
    "How many staff have accepted their invitation?",
    "What changed recently?",
    `Show vacant units in ${facts.city}`,
    "How do I invite staff?",
    "Tell me a joke about the weather",
  ];
  const context = { orgId, userId: facts.user_id, propertyIds: null };
  const ask = (prompt: string) =>
    withOrg(db, context, async (tx) =>
      builtInAnswer(tx, prompt, await orgNames(tx, `bench:${orgId}`), (permission) => can("ADMIN", permission)),
    );
  const cold = now();
  await ask("How many units?");
  console.log(
    `Assistant (built-in engine): ${runs} runs per prompt; first question, names read: ${(now() - cold).toFixed(1)} ms.`,
  );
  const over: string[] = [];
  for (const prompt of prompts) {
    const times: number[] = [];
    let answer = "";
    for (let i = 0; i <= runs; i++) {
      const start = now();
      answer = (await ask(prompt)).answer.response;
      if (i > 0) times.push(now() - start);
    }
    const p95 = percentile(times, 0.95);
    if (p95 > TARGET_P95_MS) over.push(`${prompt}: p95 ${p95.toFixed(1)} ms`);
    console.log(
      prompt.slice(0, 48).padEnd(50),
      `p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   ${answer.split("\n")[0]?.slice(0, 60)}`,
    );
  }
  console.log(
    over.length ? `Over ${TARGET_P95_MS} ms:\n  ${over.join("\n  ")}` : `All prompts within ${TARGET_P95_MS} ms (p95).`,
  );
}
