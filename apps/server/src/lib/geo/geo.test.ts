import { describe, expect, it } from "vitest";
import { boundingBox, milesBetween } from "./distance.ts";
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

  it("knows the demo's ZIP codes and finds the nearest within a distance", () => {
    expect(findZip("78701")).toMatchObject({ city: "Austin", stateCode: "TX" });
    expect(findZip("00000")).toBeUndefined();
    expect(zipsWithin(austin, 25).map((z) => z.zipcode)).toEqual(["78701", "78704"]);
    expect(nearestZip({ lat: 30.25, lon: -97.76 }, 25)?.zipcode).toBe("78704");
    expect(nearestZip({ lat: 0, lon: 0 }, 25)).toBeUndefined();
  });
});
