import { useEffect } from "react";

export const APP_NAME = "Keyholder";

/** "All Buildings · Keyholder"; the product name alone when there is no page name. */
export const documentTitle = (page?: string | null) => (page ? `${page} · ${APP_NAME}` : APP_NAME);

/**
 * Names the browser tab after what is on screen (issue 10, item 8). The innermost caller wins while
 * it is mounted, so a workspace tab's name replaces the workspace's own.
 */
export function useDocumentTitle(page: string | null | undefined) {
  useEffect(() => {
    if (page === undefined) return;
    const previous = document.title;
    document.title = documentTitle(page);
    return () => {
      document.title = previous;
    };
  }, [page]);
}
