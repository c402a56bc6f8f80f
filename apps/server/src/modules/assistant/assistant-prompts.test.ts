import type { AiResponse } from "@keyholder/contracts/assistant";
import { expect } from "vitest";
import { describePromptTable, type Figures, rate, usd, whole } from "./assistant-fixture.ts";

type Check = (answer: AiResponse) => void;
const says =
  (...parts: string[]): Check =>
  (a) => {
    for (const part of parts) expect(a.response).toContain(part);
  };
const opens =
  (category: string, item: string, filters?: Record<string, string>): Check =>
  (a) => {
    expect(a.action?.type).toBe("navigate");
    expect(a.action?.payload).toMatchObject({ workspace: { category, item, ...(filters ? { filters } : {}) } });
  };

/**
 * The built-in engine against a table of prompts (issue 15): paraphrases and typos of each question
 * type and navigation, each with the figure the test computed from the seeded rows by its own query
 * (assistant-fixture.ts). The vocabulary was tuned on these; assistant-held-out.test.ts has more that
 * it was not.
 */
function table(f: Figures): [string, Check][] {
  const p = f.property;
  return [
    ["How many vacant units are there?", says(`${whole(f.vacantAll)} vacant unit`)],
    ["how many units are vacant", says(`${whole(f.vacantAll)} vacant unit`)],
    ["total number of vacancies", says(`${whole(f.vacantAll)} vacant unit`)],
    ["How many occupied units do we have", says(`${whole(f.occupiedAll)} occupied unit`)],
    ["how many units are rented", says(`${whole(f.occupiedAll)} occupied unit`)],
    ["How many units do we have in total?", says(`${whole(f.totalUnits)} unit`)],
    [`vacant units in ${f.city}`, says(`${whole(f.vacantCity)} vacant unit`, `in ${f.city}`)],
    [`vacant units in ${f.state}`, says(`${whole(f.vacantState)} vacant unit`, `in ${f.state}`)],
    [`How many occupied units in ${f.state}?`, says(`${whole(f.occupiedState)} occupied unit`)],
    [`vacant units at ${p.name}`, says(`${whole(f.vacantProperty)} vacant unit`, `at ${p.name}`)],
    [`how many empty apartments at ${p.name.toLowerCase()}`, says(`${whole(f.vacantProperty)} vacant unit`)],
    ["vacant 3 bedroom units", says(`${whole(f.vacantThreePlus)} vacant unit`)],
    [`vacant units in ${f.building.name}`, says(`${whole(f.building.vacant)} vacant unit`, `in ${f.building.name}`)],
    [
      `how many units in ${f.building.short ?? f.building.name} at ${p.name} are occupied`,
      says(`${whole(f.building.occupied)} occupied unit`, `in ${f.building.name}`),
    ],
    [`occupancy of ${f.building.name.toLowerCase()}`, says(rate(f.building.occupied, f.building.total))],
    [`rent of the ${f.plan.short} floor plan at ${p.name}`, says(usd(f.plan.rent), `on floor plan ${f.plan.name}`)],
    [`vacant ${f.plan.name} units at ${p.name}`, says(`${whole(f.plan.vacant)} vacant unit`)],
    ["studios available", says(`${whole(f.vacantStudios)} vacant unit`)],
    [`How many 1 bedroom units are vacant in ${f.city}?`, says(`${whole(f.vacantOneBedCity)} vacant unit`)],
    [`vacant units in ZIP ${f.zip}`, says(`${whole(f.vacantZip)} vacant unit`, `ZIP code ${f.zip}`)],
    ["What is our occupancy rate?", says(rate(f.occupiedAll, f.totalUnits))],
    [`occupancy in ${f.city}`, says(rate(f.occupiedCity, f.totalCity))],
    [`occupancy rate of ${p.name}`, says(rate(p.occupied_units, p.total_units))],
    ["which property has the highest occupancy", says(`1. ${f.highest}:`)],
    ["properties with the lowest occupancy", says(`1. ${f.lowest}:`)],
    [`what percentage of units are occupied at ${p.name}`, says(rate(p.occupied_units, p.total_units))],
    ["What is the average rent?", says(`average is ${usd(Number(f.allPlans.mean))}`)],
    [
      "rent range for 2 bedroom floor plans",
      says(`from ${usd(Number(f.twoBedPlans.low))} to ${usd(Number(f.twoBedPlans.high))}`),
    ],
    ["how much does a studio cost", says(`from ${usd(Number(f.studioPlans.low))}`)],
    [`rents at ${p.name}`, says(`from ${usd(Number(f.propertyPlans.low))} to ${usd(Number(f.propertyPlans.high))}`)],
    [`cheapest rent in ${f.city}`, says(`from ${usd(Number(f.cityPlans.low))}`)],
    [`How many buildings does ${p.name} have?`, says(`${p.name} has ${whole(p.total_buildings)} building`)],
    [`how many floor plans does ${p.name} have`, says(`${whole(f.planCount)} floor plan`)],
    ["How many properties do we have?", says(`${whole(f.properties)} propert`)],
    [`properties in ${f.city}`, says(`${whole(f.propertiesCity)} propert`)],
    [`list properties in ${f.state}`, says(`${whole(f.propertiesState)} propert`)],
    ["How many applications do we have?", says(`${whole(f.applications)} application`)],
    ["how many new applicants", says(`${whole(f.newApplications)} new application`)],
    ["approved applications", says(`${whole(f.approvedApplications)} approved application`)],
    ["how many staff members", says(`${whole(f.staff)} staff member`)],
    ["how do I add a unit", says("Unit > All Units")],
    ["how can I publish a property online", says("List on the public site")],
    ["where do I change an applicant's status", says("Change Status")],
    ["open all buildings", opens("Building", "All Buildings")],
    ["show me the floor plans", opens("Unit", "Floor Plans")],
    ["go to staff", opens("Users", "Staff")],
    [`open units in ${f.city}`, opens("Unit", "All Units", { city: f.city })],
    [`show occupied units at ${p.name}`, opens("Unit", "All Units", { status: "Occupied", property_name: p.name })],
    [
      "find homes near 94110",
      (a) => expect(a.action?.payload).toEqual({ to: "/properties", search: { zipCode: "94110" } }),
    ],
    ["tell me a joke", says("I did not understand")],
    ["how many vacnat units", says(`${whole(f.vacantAll)} vacant unit`)],
    ["ocupancy rate", says(rate(f.occupiedAll, f.totalUnits))],
    ["avrage rent", says(`average is ${usd(Number(f.allPlans.mean))}`)],
    ["aplications", says(`${whole(f.applications)} application`)],
    // Totals of every kind of record, names it does not know, requests to change records (issue).
    ["How many buildings do we have in total?", says(`${whole(f.buildingsAll)} building`)],
    ["how many floor plans do we have", says(`${whole(f.plansAll)} floor plan`)],
    ["how many zones are there", says(`${whole(f.zonesAll)} zone`)],
    [`how many buildings in ${f.city}`, says(`${whole(f.buildingsCity)} building`, `in ${f.city}`)],
    ["vacant units in Nowhere Tower", says("I couldn't find a property or building called Nowhere Tower")],
    [`occupancy of Nowhere Tower at ${p.name}`, says(`I couldn't find a building called Nowhere Tower at ${p.name}`)],
    ["delete all vacant units", says("I only read your records, so I have not deleted anything.")],
    [`please update the rents at ${p.name}`, says("I only read your records, so I have not changed anything.")],
    ["add a new building", says("I only read your records, so I have not added anything.")],
    ["How many units are available for rent right now?", says(`${whole(f.vacantAll)} vacant unit`)],
    [
      "find 2 bedroom homes under $1,500 near 94110",
      (a) =>
        expect(a.action?.payload).toEqual({
          to: "/properties",
          search: { zipCode: "94110", bedrooms: "2", maxRent: 1500 },
        }),
    ],
  ];
}

describePromptTable(
  "the assistant's prompt table",
  "answers every prompt of the table with the figure computed from the rows, or the right action",
  table,
  61,
);
