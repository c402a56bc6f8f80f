import type { ComponentType } from "react";

/**
 * The one seam between the workspace header and the AI assistant (its own issue): the assistant
 * feature registers its panel here, and the header shows the AI toggle only once one is registered,
 * so no dead button ships before the assistant does.
 */
export interface AssistantPanelProps {
  /** Closed, the panel stays mounted and hidden, so the conversation is there when it reopens. */
  open: boolean;
  onClose(): void;
}

let panel: ComponentType<AssistantPanelProps> | undefined;
let preload: (() => unknown) | undefined;

/** `load` fetches the panel's code ahead of its first opening (lazily loaded panels). */
export function registerAssistantPanel(component: ComponentType<AssistantPanelProps>, load?: () => unknown) {
  panel = component;
  preload = load;
}

export const assistantPanel = () => panel;

/**
 * Starts loading the panel when the user shows they may open it (pointer over or focus on the AI
 * button), so it opens at once: typing straight after Enter otherwise reached the button (a space
 * closed the panel again) while the panel's code was still on its way.
 */
export const preloadAssistantPanel = () => {
  preload?.();
};
