import { profilePictureSchema } from "@keyholder/contracts/images";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { imageQueryDefaults, orNullOn404 } from "./image-query-defaults.ts";

export const profilePictureQuery = (userId: number) =>
  queryOptions({
    queryKey: ["profile-picture", userId],
    queryFn: ({ signal }) =>
      orNullOn404(api(`/users/${userId}/profile-pictures/default`, { schema: profilePictureSchema, signal })),
    ...imageQueryDefaults,
  });
