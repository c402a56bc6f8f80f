/**
 * The OpenAI-compatible chat-completions call (hosted providers, Ollama, llama.cpp, vLLM): asks for
 * a streamed reply and reads either a stream of server-sent events or one JSON body, since local
 * servers differ in what they do with `stream` when tools are offered.
 */
export interface ChatModel {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
}
export interface ToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}
export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: ToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };
export interface ChatReply {
  content: string;
  toolCalls: ToolCall[];
}

/** More than this from a model is not an answer to show; the call fails. */
const MAX_REPLY_BYTES = 1_000_000;

export class ChatError extends Error {}

interface Delta {
  content?: string | null;
  tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
}

/** More tool calls than this in one reply is not a model to follow. */
const MAX_TOOL_CALLS = 16;

function collect(reply: ChatReply, delta: Delta | undefined) {
  if (!delta) return;
  if (typeof delta.content === "string") reply.content += delta.content;
  for (const [position, call] of (delta.tool_calls ?? []).entries()) {
    const index = call.index ?? position;
    // The index comes from the server: bounded before it sizes an array.
    if (!Number.isInteger(index) || index < 0 || index >= MAX_TOOL_CALLS) {
      throw new ChatError("the model's reply held a tool call out of range");
    }
    const target = reply.toolCalls[index] ?? { id: "", type: "function", function: { name: "", arguments: "" } };
    reply.toolCalls[index] = target;
    if (call.id) target.id = call.id;
    // Servers send the name once, or again with every piece: appended only when it is new.
    const name = call.function?.name;
    if (name && name !== target.function.name) target.function.name += name;
    if (call.function?.arguments) target.function.arguments += call.function.arguments;
  }
}

type Chunk = { choices?: { delta?: Delta; message?: Delta }[]; error?: { message?: string } };

function apply(reply: ChatReply, chunk: Chunk) {
  if (chunk.error) throw new ChatError(`the model's server reported: ${chunk.error.message ?? "an error"}`);
  const choice = chunk.choices?.[0];
  collect(reply, choice?.delta ?? choice?.message);
}

/** The reply's text as it arrives, refused past MAX_REPLY_BYTES (before it is all held). */
async function* pieces(body: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  let bytes = 0;
  for await (const piece of body as unknown as AsyncIterable<Uint8Array>) {
    bytes += piece.byteLength;
    if (bytes > MAX_REPLY_BYTES) throw new ChatError("the model's reply was too long");
    yield decoder.decode(piece, { stream: true });
  }
}

async function readStream(body: ReadableStream<Uint8Array>, reply: ChatReply) {
  let buffer = "";
  for await (const text of pieces(body)) {
    buffer += text;
    let end = buffer.indexOf("\n");
    while (end >= 0) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      end = buffer.indexOf("\n");
      if (!line.startsWith("data:")) continue;
      const data = line.slice(5).trim();
      if (data === "[DONE]") return;
      try {
        apply(reply, JSON.parse(data) as Chunk);
      } catch (error) {
        if (error instanceof ChatError) throw error;
        throw new ChatError("the model's stream held malformed data");
      }
    }
  }
}

export async function chatCompletion(
  model: ChatModel,
  request: { messages: ChatMessage[]; tools: unknown[]; toolChoice: "auto" | "none" },
  signal: AbortSignal,
): Promise<ChatReply> {
  const response = await fetch(`${model.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "text/event-stream, application/json",
      ...(model.apiKey ? { authorization: `Bearer ${model.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: model.model,
      messages: request.messages,
      tools: request.tools,
      tool_choice: request.toolChoice,
      stream: true,
      temperature: 0,
    }),
    signal,
  });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new ChatError(`the model's server answered ${response.status}`);
  }
  const reply: ChatReply = { content: "", toolCalls: [] };
  if ((response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    await readStream(response.body, reply);
  } else {
    let text = "";
    for await (const piece of pieces(response.body)) text += piece;
    try {
      apply(reply, JSON.parse(text) as Chunk);
    } catch (error) {
      if (error instanceof ChatError) throw error;
      throw new ChatError("the model's reply was not JSON");
    }
  }
  reply.toolCalls = reply.toolCalls.filter(Boolean);
  for (const [i, call] of reply.toolCalls.entries()) if (!call.id) call.id = `call_${i}`;
  return reply;
}
