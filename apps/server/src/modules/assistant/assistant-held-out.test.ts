import type { AiResponse } from "@keyholder/contracts/assistant";
import { expect } from "vitest";
import { describePromptTable, type Figures, rate, usd, whole } from "./assistant-fixture.ts";

/**
 * Held out (issue 15): prompts written after the vocabulary, never used to tune it. When one fails,
 * widen the vocabulary or the parser in general; do not add the prompt's own words.
 */
function heldOut(f: Figures): [string, (a: AiResponse) => void][] {
  const p = f.property;
  const says = (part: string) => (a: AiResponse) => expect(a.response).toContain(part);
  const opens = (item: string) => (a: AiResponse) => expect(a.action?.payload).toMatchObject({ workspace: { item } });
  return [
    [`Do we have any empty units in ${f.city}?`, says(`${whole(f.vacantCity)} vacant unit`)],
    ["Count the occupied apartments.", says(`${whole(f.occupiedAll)} occupied unit`)],
    ["What share of our units is occupied?", says(rate(f.occupiedAll, f.totalUnits))],
    [`Give me the occupancy for ${p.name}`, says(rate(p.occupied_units, p.total_units))],
    ["Top 5 properties by occupancy", says(`1. ${f.highest}:`)],
    ["What do two-bedroom plans rent for?", says(`from ${usd(Number(f.twoBedPlans.low))}`)],
    [`Average monthly rent at ${p.name}`, says(`average is ${usd(Number(f.propertyPlans.mean))}`)],
    [`Number of properties in ${f.state}`, says(`${whole(f.propertiesState)} propert`)],
    ["How many people applied?", says(`${whole(f.applications)} application`)],
    ["Show me the applicants", opens("All Applicants")],
    ["Take me to all properties", opens("All Properties")],
    [
      "open vacant units",
      (a) =>
        expect(a.action?.payload).toMatchObject({ workspace: { item: "All Units", filters: { status: "Vacant" } } }),
    ],
    ["How do I export data?", says("Export")],
    ["how can I turn on two factor", says("two-factor")],
    [`vacancys in ${f.city}`, says(`${whole(f.vacantCity)} vacant unit`)],
    [`How many units at ${p.name} are free?`, says(`${whole(f.vacantProperty)} vacant unit`)],
    [`How many buildings are at ${p.name}?`, says(`${whole(p.total_buildings)} building`)],
    ["What's the most expensive floor plan rent?", says(`to ${usd(Number(f.allPlans.high))}`)],
    [
      "listings near 10001",
      (a) => expect(a.action?.payload).toEqual({ to: "/properties", search: { zipCode: "10001" } }),
    ],
    [`Is anything vacant at ${p.name}?`, says(`${whole(f.vacantProperty)} vacant unit`)],
    // Issue: names it does not know, totals of every kind of record, requests to change records.
    ["How many zones are there altogether?", says(`${whole(f.zonesAll)} zone`)],
    ["Number of floor plans across the portfolio", says(`${whole(f.plansAll)} floor plan`)],
    ["what is our total building count", says(`${whole(f.buildingsAll)} building`)],
    ["Remove unit 101 please", says("I only read your records")],
    [`Could you mark every unit at ${p.name} as vacant?`, says("I only read your records")],
    [
      "How many vacant units are in Zebra Heights?",
      says("I couldn't find a property or building called Zebra Heights"),
    ],
    ["occupancy at quartz lofts", says("I couldn't find a property or building called quartz lofts")],
  ];
}

describePromptTable(
  "the assistant on held-out prompts",
  "answers prompts its vocabulary was not tuned on",
  heldOut,
  27,
);
