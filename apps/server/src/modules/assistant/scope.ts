/** Where a question looks: a property (or one of its buildings or floor plans), a place, bedrooms. */
export interface Scope {
  property?: { id: string; name: string };
  building?: { id: string; name: string };
  floorPlan?: { id: string; name: string };
  city?: string;
  state?: string;
  zipcode?: string;
  bedrooms?: number;
}
