import type { AiResponse } from "@keyholder/contracts/assistant";
import { ChatError, type ChatMessage, type ChatModel, chatCompletion } from "./chat-completions.ts";
import { maskPersonalData } from "./mask.ts";

type Answer = Omit<AiResponse, "engine">;

/** Rounds of tool calls a model may make before it must answer (issue 15). */
export const MAX_TOOL_STEPS = 3;
/** Calls a model may make in one round; more are answered as skipped. */
const MAX_CALLS_A_STEP = 8;

const INSTRUCTIONS = {
  member: [
    "You are the assistant of Keyholder, a property-management application, answering a member of a property-management organization about that organization's own records.",
    "Take every figure from the tools, and only from them: never invent, estimate or round one. Name the scope of each figure (the property, building or place).",
    "If the tools cannot answer the question, say so in one sentence and mention what you can answer: units and vacancies, occupancy, rents, properties, applications, staff and recent changes.",
  ],
  visitor: [
    "You are the assistant on Keyholder's public pages, helping a visitor find a home to rent among the listed properties.",
    "Take every fact from the tools, and only from them: never invent a listing, a rent or an availability.",
    "If the tools cannot answer the question, say so in one sentence and suggest searching near a ZIP code or asking about the listing on screen.",
  ],
};
const instructions = (audience: keyof typeof INSTRUCTIONS, today: string) =>
  [
    ...INSTRUCTIONS[audience],
    "Answer briefly, in plain sentences. Email addresses and phone numbers are hidden as [email] and [phone].",
    `Today is ${today}.`,
  ].join("\n");

/** The tools a model is offered, and how its calls are run. */
export interface ModelTools {
  definitions: unknown[];
  run: (name: string, rawArguments: string) => Promise<Answer>;
}

/**
 * The external engine (issue 15): any OpenAI-compatible chat-completions model, offered the built-in
 * engine's queries (or on public pages, the public listings' reads) as read-only tools (at most MAX_TOOL_STEPS rounds) and given nothing but the
 * masked question and the masked tool results. Throws on any failure or past the deadline, so the
 * caller can answer with the built-in engine instead.
 */
export async function externalAnswer(
  model: ChatModel,
  prompt: string,
  audience: keyof typeof INSTRUCTIONS,
  tools: ModelTools,
  timeoutMs: number,
): Promise<{ answer: Answer; toolSteps: number }> {
  const signal = AbortSignal.timeout(timeoutMs);
  const messages: ChatMessage[] = [
    { role: "system", content: instructions(audience, new Date().toISOString().slice(0, 10)) },
    { role: "user", content: maskPersonalData(prompt) },
  ];
  const links = new Map<string, NonNullable<Answer["links"]>[number]>();
  for (let step = 0; ; step++) {
    const reply = await chatCompletion(
      model,
      { messages, tools: tools.definitions, toolChoice: step < MAX_TOOL_STEPS ? "auto" : "none" },
      signal,
    );
    if (reply.toolCalls.length === 0) {
      const response = reply.content.trim();
      if (!response) throw new ChatError("the model answered nothing");
      return {
        answer: { response, ...(links.size ? { links: [...links.values()].slice(0, 4) } : {}) },
        toolSteps: step,
      };
    }
    if (step >= MAX_TOOL_STEPS) throw new ChatError(`the model asked for tools past ${MAX_TOOL_STEPS} steps`);
    messages.push({ role: "assistant", content: reply.content || null, tool_calls: reply.toolCalls });
    for (const [i, call] of reply.toolCalls.entries()) {
      signal.throwIfAborted();
      let content = `Skipped: at most ${MAX_CALLS_A_STEP} tool calls a step.`;
      if (i < MAX_CALLS_A_STEP) {
        const result = await tools.run(call.function.name, call.function.arguments);
        for (const link of result.links ?? []) links.set(link.label, link);
        content = maskPersonalData(result.response);
      }
      messages.push({ role: "tool", tool_call_id: call.id, content });
    }
  }
}
