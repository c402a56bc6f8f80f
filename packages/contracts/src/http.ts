/**
 * CSRF defence: every state-changing API request must carry this header. A cross-site form cannot
 * set it, and a cross-site script cannot either without a CORS preflight, which the API never grants.
 * The server also refuses a state-changing request whose Origin is not the app's own.
 */
export const CSRF_HEADER = "x-keyholder-request";
export const CSRF_HEADER_VALUE = "1";
export const API_PREFIX = "/api/v1";

/**
 * A server-rendered page carries the data it was drawn from in a JSON script element of this id,
 * so the browser's first render hydrates the same page without asking again.
 */
export const SERVER_RENDER_STATE_ID = "keyholder-server-render";
