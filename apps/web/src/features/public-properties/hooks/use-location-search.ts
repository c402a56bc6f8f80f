import { GEOLOCATION_TIMEOUT_MS, publicPropertyMessages } from "@keyholder/contracts/public-properties";
import { useMutation } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client.ts";
import { getNearestZipcode } from "../api/get-nearest-zipcode.ts";

/** A failure the visitor should read as it is (the spec's geolocation and geocoding messages). */
class LocationError extends Error {}

/** Spec section 8: the browser's error code decides the message. */
export function geolocationMessage(code: number | undefined) {
  switch (code) {
    case 1:
      return publicPropertyMessages.locationDenied;
    case 2:
      return publicPropertyMessages.locationUnavailable;
    case 3:
      return publicPropertyMessages.locationTimeout;
    default:
      return publicPropertyMessages.locationUnknown;
  }
}

function currentPosition() {
  return new Promise<{ lat: number; lon: number }>((resolve, reject) => {
    if (!("geolocation" in navigator)) {
      reject(new LocationError(publicPropertyMessages.locationUnavailable));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lon: p.coords.longitude }),
      (err) => reject(new LocationError(geolocationMessage(err.code))),
      // A ZIP code needs no precision: a recent, coarse fix is answered fastest.
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 5 * 60_000, enableHighAccuracy: false },
    );
  });
}

/**
 * "Use my location": the browser's position (10 s at most), then the nearest ZIP code from our own
 * server. `error` is always a message to show as it is.
 */
export function useLocationSearch(onZipcode: (zipcode: string) => void) {
  const mutation = useMutation({
    mutationFn: async () => {
      const position = await currentPosition();
      try {
        return await getNearestZipcode(position);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) {
          throw new LocationError(publicPropertyMessages.noZipForCoordinates);
        }
        throw new LocationError(publicPropertyMessages.geocodingFailed);
      }
    },
    onSuccess: (zip) => onZipcode(zip.zipcode),
  });
  const error = mutation.error
    ? mutation.error instanceof LocationError
      ? mutation.error.message
      : publicPropertyMessages.locationUnknown
    : null;
  return { locate: () => mutation.mutate(), locating: mutation.isPending, error, reset: mutation.reset };
}
