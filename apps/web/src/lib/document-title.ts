import { createContext, useContext, useEffect } from "react";

export const APP_NAME = "Keyholder";

/** "All Buildings · Keyholder"; the product name alone when there is no page name. */
export const documentTitle = (page?: string | null) => (page ? `${page} · ${APP_NAME}` : APP_NAME);

/**
 * A server render has no document: the page names itself to this instead, and the last name given
 * (the innermost caller, since parents render first) goes into the HTML's <title>.
 */
export const ServerTitleContext = createContext<((page: string | null) => void) | null>(null);

/**
 * Names the browser tab after what is on screen (issue 10, item 8). The innermost caller wins while
 * it is mounted, so a workspace tab's name replaces the workspace's own.
 */
export function useDocumentTitle(page: string | null | undefined) {
  const serverTitle = useContext(ServerTitleContext);
  if (serverTitle && page !== undefined) serverTitle(page);
  useEffect(() => {
    if (page === undefined) return;
    const previous = document.title;
    document.title = documentTitle(page);
    return () => {
      document.title = previous;
    };
  }, [page]);
}

/** What a public page says of itself to search engines and link previews (issue 14, item 7). */
export interface PageMeta {
  description: string;
  /** The page's own address (path and search), for the canonical link and og:url. */
  canonicalPath: string;
  /** A path or URL of the picture a link preview shows. */
  image?: string | null;
  /** schema.org data about what the page shows. */
  structuredData?: Record<string, unknown>;
}

/** A server render collects the page's meta here; the browser has no use for it once the page is drawn. */
export const ServerMetaContext = createContext<((meta: PageMeta) => void) | null>(null);

/** Describes the page in the server-rendered HTML (description, Open Graph, canonical, JSON-LD). */
export function usePageMeta(meta: PageMeta | undefined) {
  const serverMeta = useContext(ServerMetaContext);
  if (serverMeta && meta) serverMeta(meta);
}
