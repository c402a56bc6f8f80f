import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVacantUnits } from "./demo-figures.ts";
import { DEMO_ENV, type E2e, hasChromium, signIn, startE2e, workspaceReady } from "./harness.ts";

/**
 * A chat-completions server that plays a model: it first calls the count_units tool, then answers
 * with what the tool returned, streamed, so the figure on screen is the app's own count.
 */
function fakeModel() {
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on("end", () => {
      const { messages } = JSON.parse(raw) as { messages: { role: string; content: string | null }[] };
      const tool = messages.find((m) => m.role === "tool");
      res.writeHead(200, { "content-type": "text/event-stream" });
      const delta = tool
        ? { content: `From your records: ${tool.content}` }
        : {
            tool_calls: [
              {
                index: 0,
                id: "c1",
                type: "function",
                function: { name: "count_units", arguments: '{"status":"vacant"}' },
              },
            ],
          };
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta }] })}\n\n`);
      res.end("data: [DONE]\n\n");
    });
  });
  return server;
}

describe.skipIf(!hasChromium)("the AI assistant with a model configured", () => {
  let e2e: E2e;
  const model = fakeModel();
  beforeAll(async () => {
    await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve));
    const { port } = model.address() as AddressInfo;
    e2e = await startE2e({ ...DEMO_ENV, AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_MODEL: "local-test-model" });
  });
  afterAll(async () => {
    await e2e?.close();
    model.closeAllConnections();
    await new Promise((resolve) => model.close(resolve));
  });

  it("shows the model's answer, which model wrote it, and the records it counted", async () => {
    const vacant = await demoVacantUnits(e2e);
    const page = await signIn(e2e);
    await workspaceReady(page);
    await page.getByRole("button", { name: "AI", exact: true }).click();
    const panel = page.getByRole("complementary", { name: "Keyholder AI Assistant" });
    const input = panel.getByLabel("Ask the assistant");
    await input.fill("Draft a short note for the owners meeting");
    await input.press("Enter");
    const log = panel.getByRole("log", { name: "Conversation" });
    await log.getByText(`From your records: ${vacant.toLocaleString("en-US")} vacant unit`).waitFor();
    await log.getByText("Answered by local-test-model").waitFor();
    await log.getByRole("button", { name: "Open these units" }).click();
    await page.getByRole("tab", { name: "All Units", selected: true }).waitFor();
    expect(await input.isEnabled()).toBe(true);
    await page.close();
  });
});
