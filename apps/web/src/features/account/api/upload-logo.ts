import { organizationLogoSchema } from "@keyholder/contracts/images";
import { api } from "../../../lib/api-client.ts";

export function uploadLogo(file: File) {
  const body = new FormData();
  body.set("logo", file);
  return api("/organization-logos", { method: "POST", body, schema: organizationLogoSchema });
}
