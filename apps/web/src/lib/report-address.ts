/**
 * The address a report on screen wrote (its parameters), so the workspace, which opens a report
 * from an address it is loaded with, does not take the app's own writes for a new link.
 */
let written: string | null = null;

/** Replaces the address (no new history entry) and remembers it as the app's own. */
export function writeAddress(href: string) {
  written = href;
  window.history.replaceState(window.history.state, "", href);
}

/** Whether the address now is one the app wrote itself. */
export const isOwnAddress = () => written === `${window.location.pathname}${window.location.search}`;
