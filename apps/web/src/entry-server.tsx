import { dehydrate } from "@tanstack/react-query";
import { getSsrStatus } from "@tanstack/react-router/ssr/server";
import { renderToString } from "react-dom/server";
import { AppRoot } from "./app/app-root.tsx";
import { createQueryClient } from "./app/query-client.ts";
import { createAppRouter } from "./app/router.ts";
import type { ServerRenderState } from "./app/server-render-state.ts";
import { type ApiTransport, setApiTransport } from "./lib/api-client.ts";
import { documentTitle, type PageMeta, ServerMetaContext, ServerTitleContext } from "./lib/document-title.ts";

/**
 * A page, or null when the server leaves it to the browser: a route that is not public, or a guard
 * that redirected (the browser's session decides where to). A public page that does not opt in to
 * being drawn (a form) comes as its head alone: `html` and `state` null, its title and description
 * set, its body drawn by the browser.
 */
export type ServerRender = {
  status: number;
  html: string | null;
  title: string;
  meta: PageMeta | null;
  state: ServerRenderState | null;
} | null;

/**
 * Server rendering (issue 10, item 19): the page at `url` as a signed-out visitor first sees it,
 * drawn by the same components and route loaders as in the browser, with the data its loaders
 * fetched through `api` (the server itself). The browser then hydrates this HTML.
 */
/** Only to read a path out of a request URL. */
const INTERNAL_BASE = "http://keyholder.internal";

export async function renderPage(url: string, api: ApiTransport): Promise<ServerRender> {
  setApiTransport(api);
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, url);
  try {
    await router.load();
    const status = getSsrStatus(router);
    const page = router.state.matches.at(-1);
    // A guard sent the visitor elsewhere: the browser follows it with its own session.
    if (!page || router.state.location.pathname !== new URL(url, INTERNAL_BASE).pathname) return null;
    const drawn = status === 404 || page.staticData.serverRender === true;
    if (!drawn && !page.routeId.startsWith("/_public/")) return null;
    let title: string | null = null;
    let meta: PageMeta | null = null;
    const html = renderToString(
      <ServerTitleContext value={(name) => (title = name)}>
        <ServerMetaContext value={(m) => (meta = m)}>
          <AppRoot router={router} queryClient={queryClient} />
        </ServerMetaContext>
      </ServerTitleContext>,
    );
    if (!drawn) return { status, html: null, title: documentTitle(title), meta, state: null };
    return { status, html, title: documentTitle(title), meta, state: { queries: dehydrate(queryClient) } };
  } finally {
    // Nothing of this visitor's page stays in memory (nor its cache timers).
    queryClient.clear();
  }
}
