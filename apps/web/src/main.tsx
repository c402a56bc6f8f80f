import { hydrate } from "@tanstack/react-query";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppRoot } from "./app/app-root.tsx";
import { createQueryClient } from "./app/query-client.ts";
import { createAppRouter } from "./app/router.ts";
import { readServerRenderState } from "./app/server-render-state.ts";
import { installErrorForwarding } from "./lib/error-forwarding.ts";
import { logger } from "./lib/logger.ts";
import { applyTheme } from "./lib/theme.ts";
import "./styles.css";

applyTheme();
installErrorForwarding();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
const root = document.getElementById("root");
const serverRender = readServerRenderState();

if (root && serverRender) {
  // The server drew this page for a signed-out visitor: take over its HTML with the same data, once
  // the route's code is here (so the first render matches instead of showing a spinner).
  hydrate(queryClient, serverRender.queries);
  // Tells the router its first render takes over server HTML, so it nests its boundaries as it did there.
  router.ssr = { manifest: undefined };
  void router.load().then(() =>
    hydrateRoot(root, <AppRoot router={router} queryClient={queryClient} />, {
      // A page that differs from the server's (a session in this browser only) is drawn afresh.
      onRecoverableError: (error) => logger.warn("server-rendered page redrawn in the browser", error),
    }),
  );
} else if (root) {
  createRoot(root).render(<AppRoot router={router} queryClient={queryClient} />);
}
