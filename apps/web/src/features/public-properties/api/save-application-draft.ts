import { type ApplicationDraftInput, draftSavedSchema } from "@keyholder/contracts/applications";
import { api } from "../../../lib/api-client.ts";

/** Saves the form so far: a new draft (and emailed link), or the resumed one updated. */
export const saveApplicationDraft = (slug: string, body: ApplicationDraftInput, token: string | undefined) =>
  api(
    token
      ? `/public/properties/by-slug/${encodeURIComponent(slug)}/application-drafts/${encodeURIComponent(token)}`
      : `/public/properties/by-slug/${encodeURIComponent(slug)}/application-drafts`,
    { method: token ? "PUT" : "POST", body, schema: draftSavedSchema },
  );
