import { registerAssistantPanel } from "./assistant-seam.ts";
import { AssistantPanel } from "./components/assistant-panel.tsx";

// In the first bundle (about 3 KB compressed), not fetched on first opening: a keyboard user who
// presses Enter on AI and types at once lost the first words to the button while a lazily loaded
// panel was on its way (a space even closed it again), however early the code was preloaded.
registerAssistantPanel(AssistantPanel);
