import { type SetUserProperties, userPropertiesSchema } from "@keyholder/contracts/users";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";

/** GET /api/v1/users/{id}/properties: all properties, or the list the user works on. */
export const userPropertiesQuery = (userId: number) =>
  queryOptions({
    queryKey: ["user-properties", userId],
    queryFn: () => api(`/users/${userId}/properties`, { schema: userPropertiesSchema }),
  });

/** PUT /api/v1/users/{id}/properties; counts from the user's next request. */
export const setUserProperties = (userId: number, body: SetUserProperties) =>
  api(`/users/${userId}/properties`, { method: "PUT", body, schema: userPropertiesSchema });
