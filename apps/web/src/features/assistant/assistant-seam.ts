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

export function registerAssistantPanel(component: ComponentType<AssistantPanelProps>) {
  panel = component;
}

export const assistantPanel = () => panel;
