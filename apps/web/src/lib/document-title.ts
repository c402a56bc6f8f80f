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

/*
 * In the browser the description follows the page too: the page a visitor moved to (or the apply
 * form, which the server does not draw) says what it is, as its server-rendered HTML does. Every
 * caller's description is stacked as its effect runs (a layout's before its page's, in render
 * order), and the newest one still mounted is in the document.
 */
const described: { description: string }[] = [];

/** The newest description in the document; none on a page without one (the server's went with its page). */
function showDescription() {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  const description = described.at(-1)?.description;
  if (description === undefined) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement("meta");
    tag.name = "description";
    document.head.append(tag);
  }
  tag.content = description;
}

/**
 * Describes the page: in the server-rendered HTML (description, Open Graph, canonical, JSON-LD), and
 * in the browser's document (its description). The innermost caller wins, as for the title.
 */
export function usePageMeta(meta: PageMeta | undefined) {
  const serverMeta = useContext(ServerMetaContext);
  if (serverMeta && meta) serverMeta(meta);
  const description = meta?.description;
  useEffect(() => {
    if (description === undefined) return;
    const entry = { description };
    described.push(entry);
    showDescription();
    return () => {
      described.splice(described.indexOf(entry), 1);
      showDescription();
    };
  }, [description]);
}
