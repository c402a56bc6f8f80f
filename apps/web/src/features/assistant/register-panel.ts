import { type ComponentType, createElement, lazy } from "react";
import { type AssistantPanelProps, registerAssistantPanel } from "./assistant-seam.ts";

// The assistant's panel, for the workspace and the public pages: its code is fetched the first time
// it is opened, or earlier when the user points at or focuses the AI button (the seam's preload).
let loaded: ComponentType<AssistantPanelProps> | undefined;
const load = () =>
  import("./components/assistant-panel.tsx").then((m) => {
    loaded = m.AssistantPanel;
    return { default: m.AssistantPanel };
  });
const Lazy = lazy(load);

// Once the code is here the panel renders at once: through `lazy` it would still suspend the first
// time, and React holds a revealed Suspense boundary back up to 300 ms, long enough for a user who
// types straight after Enter to lose the first words.
function AssistantPanel(props: AssistantPanelProps) {
  return createElement(loaded ?? Lazy, props);
}

registerAssistantPanel(AssistantPanel, load);
