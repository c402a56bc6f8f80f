import { SERVER_RENDER_STATE_ID } from "@keyholder/contracts/http";
import type { DehydratedState } from "@tanstack/react-query";

/**
 * What a server render hands the browser beside its HTML: the data the page was drawn from, so the
 * first browser render draws the same page (hydration) without asking for it again. It travels in a
 * JSON script element, which the content security policy allows because it never runs.
 */
export interface ServerRenderState {
  queries: DehydratedState;
}

export function readServerRenderState(): ServerRenderState | null {
  const text = document.getElementById(SERVER_RENDER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerRenderState;
  } catch {
    return null;
  }
}
