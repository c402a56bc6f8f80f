import { z } from "zod";

/** How many properties one user may be given one by one; past that, "all properties" is the answer. */
export const USER_PROPERTIES_MAX = 5000;

export const userMessages = {
  notFound: "User not found",
  administratorsSeeAll: "Administrators work on every property",
  propertiesUnknown: "Some of these properties are not in your organization",
  tooMany: `Choose at most ${USER_PROPERTIES_MAX.toLocaleString("en-US")} properties, or all of them`,
} as const;

export const userIdParamsSchema = z.object({ userId: z.coerce.number().int().positive() });

/** GET/PUT /api/v1/users/{userId}/properties: the properties a user works on (issue 13, decision 019). */
export const userPropertiesSchema = z.object({
  all_properties: z.boolean(),
  properties: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type UserProperties = z.infer<typeof userPropertiesSchema>;

export const setUserPropertiesSchema = z.object({
  all_properties: z.boolean(),
  property_ids: z.array(z.uuid()).max(USER_PROPERTIES_MAX, userMessages.tooMany).default([]),
});
export type SetUserProperties = z.infer<typeof setUserPropertiesSchema>;
