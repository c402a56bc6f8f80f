/**
 * The kinds of property a residential portfolio holds, and what each is made of: the building type
 * its buildings are (an apartment community has apartment buildings, never a corporate office), how
 * its buildings are named, how many homes it has and how many a building holds, and the floor plans
 * its homes are built to. `weight` is how often the kind is drawn.
 */
export interface PropertyKind {
  /** property_types.code */
  code: string;
  weight: number;
  /** building_types.name */
  buildingType: string;
  /** "Building" makes "Maple Commons Building A"; null names the one building after its address. */
  buildingWord: string | null;
  units: readonly [number, number];
  unitsPerBuilding: readonly [number, number];
  /** floorPlanShapes names a home may be built to. */
  plans: readonly string[];
  /** The second word of the property's name ("Maple Commons"); none names it after its address. */
  suffixes: readonly string[];
}

const APARTMENTS = ["Studio", "One Bedroom", "One Bedroom Den", "Two Bedroom", "Three Bedroom", "Penthouse"];
const HOUSES = ["Two Bedroom", "Three Bedroom"];

export const propertyKinds: readonly PropertyKind[] = [
  {
    code: "MFH",
    weight: 40,
    buildingType: "Residential Apartment",
    buildingWord: "Building",
    units: [48, 240],
    unitsPerBuilding: [16, 48],
    plans: APARTMENTS,
    suffixes: ["Apartments", "Residences", "Commons", "Place", "Heights", "Terrace"],
  },
  {
    code: "TWN",
    weight: 12,
    buildingType: "Residential Townhome",
    buildingWord: "Row",
    units: [18, 80],
    unitsPerBuilding: [4, 10],
    plans: ["Two Bedroom", "Three Bedroom"],
    suffixes: ["Townhomes", "Village", "Court", "Commons"],
  },
  {
    code: "CND",
    weight: 8,
    buildingType: "Residential Apartment",
    buildingWord: "Tower",
    units: [40, 160],
    unitsPerBuilding: [40, 80],
    plans: APARTMENTS,
    suffixes: ["Condominiums", "Residences", "Park"],
  },
  {
    code: "STU",
    weight: 6,
    buildingType: "Residential Apartment",
    buildingWord: "Hall",
    units: [80, 300],
    unitsPerBuilding: [40, 100],
    plans: ["Studio", "Two Bedroom", "Three Bedroom"],
    suffixes: ["Student Living", "Commons", "Quarters"],
  },
  {
    code: "SEN",
    weight: 6,
    buildingType: "Residential Apartment",
    buildingWord: "Wing",
    units: [40, 160],
    unitsPerBuilding: [20, 60],
    plans: ["Studio", "One Bedroom", "Two Bedroom"],
    suffixes: ["Senior Living", "Gardens", "Manor"],
  },
  {
    code: "MXR",
    weight: 8,
    buildingType: "Corporate Mixed Use",
    buildingWord: "Building",
    units: [24, 120],
    unitsPerBuilding: [24, 60],
    plans: ["Studio", "One Bedroom", "Two Bedroom"],
    suffixes: ["Lofts", "Square", "Station"],
  },
  {
    code: "LWK",
    weight: 4,
    buildingType: "Corporate Mixed Use",
    buildingWord: "Building",
    units: [8, 40],
    unitsPerBuilding: [8, 20],
    plans: ["Studio", "One Bedroom"],
    suffixes: ["Lofts", "Studios", "Works"],
  },
  {
    code: "DUP",
    weight: 8,
    buildingType: "Residential Townhome",
    buildingWord: null,
    units: [2, 4],
    unitsPerBuilding: [2, 4],
    plans: ["One Bedroom", "Two Bedroom"],
    suffixes: [],
  },
  {
    code: "SFH",
    weight: 8,
    buildingType: "Residential Single-Family",
    buildingWord: null,
    units: [1, 1],
    unitsPerBuilding: [1, 1],
    plans: HOUSES,
    suffixes: [],
  },
];
