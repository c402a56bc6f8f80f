import { organizationLogoSchema } from "@keyholder/contracts/images";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { imageQueryDefaults, orNullOn404 } from "./image-query-defaults.ts";

export const organizationLogoQuery = () =>
  queryOptions({
    queryKey: ["organization-logo"],
    queryFn: ({ signal }) =>
      orNullOn404(api("/organization-logos/default", { schema: organizationLogoSchema, signal })),
    ...imageQueryDefaults,
  });
