import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { aiResponseSchema } from "@keyholder/contracts/assistant";
import { assistantToolArguments } from "@keyholder/contracts/assistant-tools";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { whole } from "./assistant-fixture.ts";
import { MAX_TOOL_STEPS } from "./external-engine.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Org = Awaited<ReturnType<typeof signedInOrganization>>;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

interface Received {
  headers: IncomingMessage["headers"];
  body: {
    model: string;
    stream: boolean;
    tool_choice: string;
    tools: { type: string; function: { name: string; parameters: { type: string } } }[];
    messages: { role: string; content: string | null; tool_call_id?: string }[];
  };
  raw: string;
}
type Script = (res: ServerResponse, received: Received) => void;

/** What a chat-completions server streams: one event per chunk. */
function stream(res: ServerResponse, chunks: object[]) {
  res.writeHead(200, { "content-type": "text/event-stream" });
  for (const chunk of chunks) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  res.end("data: [DONE]\n\n");
}
/** A streamed answer, a few characters a chunk. */
const streamedText =
  (text: string): Script =>
  (res) =>
    stream(res, [
      { choices: [{ index: 0, delta: { role: "assistant", content: "" } }] },
      ...(text.match(/.{1,7}/gs) ?? []).map((piece) => ({ choices: [{ index: 0, delta: { content: piece } }] })),
      { choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
    ]);
/** Streamed tool calls, their arguments split across chunks as servers send them. */
const streamedToolCalls =
  (...calls: { name: string; args: object }[]): Script =>
  (res) =>
    stream(res, [
      ...calls.flatMap((call, index) => {
        const args = JSON.stringify(call.args);
        const half = Math.floor(args.length / 2);
        return [
          {
            choices: [
              {
                index: 0,
                delta: {
                  tool_calls: [
                    { index, id: `call_${index}`, type: "function", function: { name: call.name, arguments: "" } },
                  ],
                },
              },
            ],
          },
          { choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] } }] },
          { choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: args.slice(half) } }] } }] },
        ];
      }),
      { choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
    ]);
/** A server that ignores `stream` and answers one JSON body with a tool call. */
const jsonToolCall =
  (name: string, args: object): Script =>
  (res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: null,
              tool_calls: [{ id: "json_call", type: "function", function: { name, arguments: JSON.stringify(args) } }],
            },
            finish_reason: "tool_calls",
          },
        ],
      }),
    );
  };

/** A question the built-in parser does not read, with an email address and a phone number in it. */
const OPEN_QUESTION =
  "Draft a short briefing for tomorrow's owners meeting. Reach me at jane.doe@example.com or (512) 555-0142.";

describe("the assistant's external engine (an OpenAI-compatible server started by the test)", () => {
  let t: TestApp;
  let org: Org;
  let other: Org;
  let port: number;
  let server: ReturnType<typeof createServer>;
  let script: Script[] = [];
  let received: Received[] = [];
  let city: string;
  let vacantInCity: number;
  let otherProperty: string;
  let harbor: { id: string; buildings: number };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk: Buffer) => {
        raw += chunk.toString();
      });
      req.on("end", () => {
        const r: Received = { headers: req.headers, body: JSON.parse(raw), raw };
        received.push(r);
        const next = script.shift();
        if (next) next(res, r);
        else {
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { message: "no script left" } }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    t = await createTestApp({
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_API_KEY: "sk-test-key",
      AI_MODEL: "test-model",
      AI_TIMEOUT_SECONDS: "2",
    });
    org = await signedInOrganization(t, "Model Homes", { scale: 300, seed: 41 });
    other = await signedInOrganization(t, "Hidden Homes", { scale: 100, seed: 42 });
    const one = async <T>(query: ReturnType<typeof sql>) =>
      asSystem(t.db, async (tx) => rows<T>(await tx.execute(query))[0] as T);
    ({ city } = await one<{ city: string }>(
      sql`select city from units where organization_id = ${org.orgId} group by 1 order by count(*) desc limit 1`,
    ));
    ({ n: vacantInCity } = await one<{ n: number }>(
      sql`select count(*)::int as n from units where organization_id = ${org.orgId} and city = ${city} and not occupied`,
    ));
    ({ name: otherProperty } = await one<{ name: string }>(
      sql`select name from properties where organization_id = ${other.orgId}
        and name not in (select name from properties where organization_id = ${org.orgId}) order by name limit 1`,
    ));
    // A property whose name carries a phone number and an email address, as careless data does.
    harbor = await one<{ id: string; buildings: number }>(
      sql`update properties set name = 'Harbor View, call 512-555-0199 or leasing@harborview.example'
        where id = (select id from properties where organization_id = ${org.orgId} order by id limit 1)
        returning id, total_buildings as buildings`,
    );
  });
  afterAll(async () => {
    await t?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });
  beforeEach(() => {
    script = [];
    received = [];
  });

  const send = apiSender(
    () => t.app,
    () => org,
  );
  const ask = async (prompt: string, who: Org = org) => {
    const res = await send("POST", "/ai/query", { org: who, payload: { prompt } });
    expect(res.statusCode, res.body).toBe(200);
    return aiResponseSchema.parse(res.json());
  };
  const toolResults = (r: Received | undefined) =>
    (r?.body.messages ?? []).filter((m) => m.role === "tool").map((m) => m.content ?? "");

  it("never sends a question the built-in engine reads", async () => {
    const answer = await ask(`How many vacant units are there in ${city}?`);
    expect(answer.engine).toBe("built-in");
    expect(answer.response).toContain(`${whole(vacantInCity)} vacant unit`);
    expect(received).toHaveLength(0);
  });

  it("runs the model's tool calls on the caller's records and returns its streamed answer, masked", async () => {
    const final = `There are ${whole(vacantInCity)} vacant units in ${city}.`;
    script = [
      streamedToolCalls(
        { name: "count_units", args: { status: "vacant", city: city.toLowerCase() } },
        { name: "property_contents", args: { property: "Harbor View" } },
      ),
      jsonToolCall("count_units", { property: otherProperty }),
      streamedText(final),
    ];
    const answer = await ask(OPEN_QUESTION);
    expect(answer).toMatchObject({ engine: "external", model: "test-model", response: final });
    expect(answer.links?.map((l) => l.label)).toContain("Open these units");
    expect(received).toHaveLength(3);

    const [first, second, third] = received;
    expect(first?.headers.authorization).toBe("Bearer sk-test-key");
    expect(first?.body).toMatchObject({ model: "test-model", stream: true, tool_choice: "auto" });
    // The tools are the contracts' own, as JSON schemas.
    expect(first?.body.tools.map((tool) => tool.function.name).sort()).toEqual(
      Object.keys(assistantToolArguments).sort(),
    );
    expect(
      first?.body.tools.every((tool) => tool.type === "function" && tool.function.parameters.type === "object"),
    ).toBe(true);
    // The figures come from the test's own count; the property with contact details in its name is masked.
    const [units, contents] = toolResults(second);
    expect(units).toContain(`${whole(vacantInCity)} vacant unit`);
    expect(contents).toContain(`${whole(harbor.buildings)} building`);
    expect(contents).toContain("[phone]");
    expect(contents).toContain("[email]");
    // Another organization's property is unknown to this one.
    expect(toolResults(third).at(-1)).toBe(`No property named "${otherProperty}" was found.`);
    for (const r of received) {
      expect(r.raw).not.toMatch(/jane\.doe|example\.com|555-0142|555-0199|harborview\.example/);
    }
    expect(first?.raw).toContain("Reach me at [email] or [phone].");
  });

  it("reads only the properties a scoped user works on, whatever the model asks for", async () => {
    const one = async <T>(query: ReturnType<typeof sql>) =>
      asSystem(t.db, async (tx) => rows<T>(await tx.execute(query))[0] as T);
    const [mine, theirs] = await asSystem(t.db, async (tx) =>
      rows<{ id: string; name: string; total_units: number }>(
        await tx.execute(sql`select id, name, total_units from properties where organization_id = ${org.orgId}
          and total_units > 0 and name not like 'Harbor View%' order by total_units desc, id limit 2`),
      ),
    );
    if (!mine || !theirs) throw new Error("the demo data needs two properties with units");
    const email = "scoped.assistant@example.com";
    const { id } = await one<{ id: number }>(sql`insert into users (organization_id, role_id, username, password_hash)
      values (${org.orgId}, (select id from roles where name = 'STAFF'), ${email}, ${await hashPassword("Scope-Pass-123!")})
      returning id`);
    const assigned = await send("PUT", `/users/${id}/properties`, {
      payload: { all_properties: false, property_ids: [mine.id] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "x-keyholder-request": "1" },
      payload: { username: email, password: "Scope-Pass-123!" },
    });
    const scoped = { ...org, cookie: String(login.cookies.find((c) => c.name === "kh_session")?.value) };

    script = [
      streamedToolCalls(
        { name: "count_units", args: {} },
        { name: "count_units", args: { property: theirs.name } },
        { name: "list_properties", args: {} },
      ),
      streamedText("Done."),
    ];
    expect((await ask(OPEN_QUESTION, scoped)).engine).toBe("external");
    const [all, named, properties] = toolResults(received[1]);
    expect(all).toMatch(new RegExp(`^${whole(mine.total_units)} units:`));
    expect(named).toBe(`No property named "${theirs.name}" was found.`);
    expect(properties).toBe(`1 property: ${mine.name}.`);
    // The built-in engine reads the same way.
    expect((await ask("How many units do we have in total?", scoped)).response).toMatch(
      new RegExp(`^${whole(mine.total_units)} units:`),
    );
  });

  it("answers on the public pages from the public listings only, through the public tools", async () => {
    const one = async <T>(query: ReturnType<typeof sql>) =>
      asSystem(t.db, async (tx) => rows<T>(await tx.execute(query))[0] as T);
    const listing = await one<{ id: string; name: string; zipcode: string; low: string }>(sql`update properties p
      set show_property_online = true, property_slug = 'model-homes-listing'
      from addresses a where p.id = (select id from properties where organization_id = ${org.orgId}
        and total_units > 0 and name not like 'Harbor View%' order by total_units desc, id limit 1)
        and a.organization_id = p.organization_id and a.id = p.address_id
      returning p.id, p.name, a.zipcode,
        (select min(fp.base_rent_estimate) from units u join floor_plans fp
          on fp.organization_id = u.organization_id and fp.id = u.floor_plan_id and fp.active
          where u.property_id = p.id and not u.occupied) as low`);
    const context = { property_slug: "model-homes-listing", zipcode: listing.zipcode };
    for (const who of [null, org]) {
      script = [
        streamedToolCalls(
          { name: "listing_details", args: {} },
          { name: "search_homes", args: { radius_miles: 5 } },
          { name: "count_units", args: {} },
        ),
        streamedText("Here is what I found."),
      ];
      received = [];
      const res = await send("POST", "/ai/query", { org: who, payload: { prompt: OPEN_QUESTION, context } });
      expect(res.statusCode, res.body).toBe(200);
      const answer = aiResponseSchema.parse(res.json());
      expect(answer).toMatchObject({ engine: "external", response: "Here is what I found." });
      expect(answer.links).toEqual([
        {
          label: `See the homes near ${listing.zipcode}`,
          // The search the model ran, with its radius.
          target: { to: "/properties", search: { zipCode: listing.zipcode, radius: 5 } },
        },
      ]);
      expect(received[0]?.body.tools.map((tool) => tool.function.name).sort()).toEqual([
        "listing_details",
        "search_homes",
      ]);
      expect(received[0]?.body.messages[0]?.content).toContain("public pages");
      const [details, search, units] = toolResults(received[1]);
      expect(details).toContain(`${listing.name} (`);
      expect(details).toContain(`Rent $${Math.round(Number(listing.low)).toLocaleString("en-US")}`);
      expect(search).toMatch(new RegExp(`^\\d+ homes? listed within 5 miles of ${listing.zipcode} `));
      expect(search).toContain(`- ${listing.name}, `);
      expect(units).toBe('There is no tool named "count_units".');
      for (const r of received) expect(r.raw).not.toMatch(/@|jane/);
    }
  });

  it(`stops after ${MAX_TOOL_STEPS} tool steps and answers with the built-in engine`, async () => {
    script = Array.from({ length: 6 }, () => streamedToolCalls({ name: "recent_changes", args: {} }));
    const answer = await ask(OPEN_QUESTION);
    expect(answer.engine).toBe("built-in");
    expect(answer.response).toMatch(/^I did not understand that question/);
    expect(received).toHaveLength(MAX_TOOL_STEPS + 1);
    expect(received.at(-1)?.body.tool_choice).toBe("none");
  });

  it("answers with the built-in engine when the model's server fails, hangs or talks nonsense", async () => {
    const failures: [string, Script][] = [
      [
        "an error",
        (res) => {
          res.writeHead(503, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { message: "overloaded" } }));
        },
      ],
      [
        "a malformed stream",
        (res) => {
          res.writeHead(200, { "content-type": "text/event-stream" });
          res.end(`data: ${JSON.stringify({ choices: [{ delta: { content: "Half an ans" } }] })}\n\ndata: {"choi\n\n`);
        },
      ],
      ["an empty answer", streamedText("")],
      [
        "a tool call numbered to size an array of billions",
        (res) =>
          stream(res, [
            { choices: [{ delta: { tool_calls: [{ index: 4294967294, function: { name: "recent_changes" } }] } }] },
          ]),
      ],
      [
        "a reply of megabytes",
        (res) => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ choices: [{ message: { content: "x".repeat(3_000_000) } }] }));
        },
      ],
      ["no answer within the timeout", () => {}],
    ];
    for (const [what, failure] of failures) {
      script = [failure];
      received = [];
      const started = Date.now();
      const answer = await ask(OPEN_QUESTION);
      expect(answer.engine, what).toBe("built-in");
      expect(answer.response, what).toMatch(/^I did not understand that question/);
      expect(received, what).toHaveLength(1);
      expect(Date.now() - started, what).toBeLessThan(4000);
    }
  });

  it("tells the model when its arguments are wrong, and lets it correct them", async () => {
    script = [
      streamedToolCalls({ name: "count_units", args: { status: "sideways" } }),
      streamedToolCalls({ name: "drop_tables", args: {} }),
      streamedText("I could not count those."),
    ];
    const answer = await ask(OPEN_QUESTION);
    expect(answer.engine).toBe("external");
    expect(toolResults(received[1]).at(-1)).toMatch(/^Invalid arguments: status/);
    expect(toolResults(received[2]).at(-1)).toBe('There is no tool named "drop_tables".');
  });
});
