import { type AiQuery, aiResponseSchema } from "@keyholder/contracts/assistant";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/ai/query: the assistant's answer, and maybe where to take the user. */
export const askAssistant = (query: AiQuery) =>
  api("/ai/query", { method: "POST", body: query, schema: aiResponseSchema });
