import { lazy } from "react";
import { registerAssistantPanel } from "./assistant-seam.ts";

// The assistant's panel, for the workspace and the public pages: loaded the first time it is opened.
registerAssistantPanel(
  lazy(() => import("./components/assistant-panel.tsx").then((m) => ({ default: m.AssistantPanel }))),
);
