import { useLocation, useMatches } from "@tanstack/react-router";
import { usePageMeta } from "../../../lib/document-title.ts";
import { isPublicRouteId, NOT_FOUND_DESCRIPTION, PUBLIC_PAGE_DESCRIPTIONS } from "../page-descriptions.ts";

/**
 * Describes the public page on screen from its route (page-descriptions.ts). Rendered by the public
 * layout before the page, so a page that describes itself with its data is the innermost and wins.
 */
export function PublicPageMeta() {
  const routeId = useMatches({ select: (matches) => matches.at(-1)?.routeId ?? "" });
  const notFound = useMatches({ select: (matches) => matches.some((m) => m.status === "notFound") });
  const pathname = useLocation({ select: (location) => location.pathname });
  const description = !notFound && isPublicRouteId(routeId) ? PUBLIC_PAGE_DESCRIPTIONS[routeId] : NOT_FOUND_DESCRIPTION;
  usePageMeta({ description, canonicalPath: pathname });
  return null;
}
