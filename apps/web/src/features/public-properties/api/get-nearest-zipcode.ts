import { nearestZipSchema } from "@keyholder/contracts/public-properties";
import { api } from "../../../lib/api-client.ts";

/** Our own reverse geocoding: coordinates rounded to about a kilometre go to our server only, never to a maps service. */
export const getNearestZipcode = (position: { lat: number; lon: number }, signal?: AbortSignal) =>
  api("/public/zipcodes/nearest", {
    query: { lat: position.lat.toFixed(2), lon: position.lon.toFixed(2) },
    schema: nearestZipSchema,
    signal,
  });
