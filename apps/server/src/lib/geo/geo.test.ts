import { describe, expect, it } from "vitest";
import { boundingBox, milesBetween } from "./distance.ts";
import { allZips } from "./zip-directory.ts";
import { findZip, nearestZip, zipsWithin } from "./zip-lookup.ts";

const austin = { lat: 30.2711, lon: -97.7437 };

describe("great-circle distances and ZIP centres", () => {
  it("measures miles along the Earth's surface", () => {
    expect(milesBetween(austin, austin)).toBe(0);
    // Austin to Houston city centres: about 146 miles; New York to Los Angeles: about 2,450.
    expect(milesBetween(austin, { lat: 29.7566, lon: -95.3597 })).toBeCloseTo(146, -1);
    expect(milesBetween({ lat: 40.7506, lon: -73.9971 }, { lat: 34.0614, lon: -118.2385 })).toBeCloseTo(2450, -2);
  });

  it("bounds every point within the radius, north and south", () => {
    for (const centre of [austin, { lat: 61.2167, lon: -149.8935 }, { lat: -45, lon: 170 }]) {
      const box = boundingBox(centre, 25);
      for (let bearing = 0; bearing < 360; bearing += 15) {
        // A point 24.9 miles away along the bearing (small-distance approximation is enough here).
        const rad = (bearing * Math.PI) / 180;
        const lat = centre.lat + (24.9 / 69.09) * Math.cos(rad);
        const lon = centre.lon + (24.9 / (69.09 * Math.cos((centre.lat * Math.PI) / 180))) * Math.sin(rad);
        if (milesBetween(centre, { lat, lon }) > 25 || Math.abs(lat) > 90) continue;
        expect(lat).toBeGreaterThanOrEqual(box.minLat);
        expect(lat).toBeLessThanOrEqual(box.maxLat);
        expect(lon).toBeGreaterThanOrEqual(box.minLon);
        expect(lon).toBeLessThanOrEqual(box.maxLon);
      }
    }
  });

  it("knows every US ZIP code and finds those within a radius as a scan of all of them would", () => {
    expect([...allZips()].length).toBeGreaterThan(40_000);
    expect(findZip("78701")).toMatchObject({ city: "Austin", stateCode: "TX" });
    // Codes outside the demo's 68: San Francisco's Mission, Anchorage, Honolulu, rural Vermont.
    expect(findZip("94110")).toMatchObject({ city: "San Francisco", stateCode: "CA" });
    expect(findZip("99501")?.stateCode).toBe("AK");
    expect(findZip("96813")?.stateCode).toBe("HI");
    expect(findZip("05733")?.stateCode).toBe("VT");
    expect(findZip("00000")).toBeUndefined();
    for (const [centre, miles] of [
      [austin, 25],
      [{ lat: 40.7506, lon: -73.9971 }, 5],
      [{ lat: 61.2167, lon: -149.8935 }, 50],
      [{ lat: 44.0, lon: -72.99 }, 10],
    ] as const) {
      const scanned = [...allZips()]
        .filter((z) => milesBetween(centre, z) <= miles)
        .map((z) => z.zipcode)
        .sort();
      const found = zipsWithin(centre, miles);
      expect(found.map((z) => z.zipcode).sort()).toEqual(scanned);
      expect(found.map((z) => z.miles)).toEqual(found.map((z) => z.miles).sort((a, b) => a - b));
    }
  });

  it("finds the ZIP code nearest a position within a distance, or none", () => {
    const position = { lat: 37.7599, lon: -122.4148 };
    const nearest = [...allZips()].reduce((best, z) =>
      milesBetween(position, z) < milesBetween(position, best) ? z : best,
    );
    expect(nearestZip(position, 25)?.zipcode).toBe(nearest.zipcode);
    expect(nearestZip({ lat: 0, lon: -30 }, 25)).toBeUndefined();
  });
});
