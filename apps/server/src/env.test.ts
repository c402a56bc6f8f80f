import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.ts";

describe("the environment read at boot", () => {
  it("takes an OpenAI-compatible model with its name, and refuses a server without one", () => {
    const env = loadEnv({ AI_BASE_URL: "http://127.0.0.1:11434/v1", AI_MODEL: "llama3.1" });
    expect(env).toMatchObject({
      AI_BASE_URL: "http://127.0.0.1:11434/v1",
      AI_MODEL: "llama3.1",
      AI_TIMEOUT_SECONDS: 10,
    });
    expect(env.AI_API_KEY).toBeUndefined();
    expect(() => loadEnv({ AI_BASE_URL: "http://127.0.0.1:11434/v1" })).toThrow("AI_BASE_URL needs AI_MODEL");
    expect(() => loadEnv({ AI_BASE_URL: "localhost:11434", AI_MODEL: "m" })).toThrow(/AI_BASE_URL: must be a full URL/);
    expect(() => loadEnv({ AI_TIMEOUT_SECONDS: "0" })).toThrow(/AI_TIMEOUT_SECONDS/);
  });

  it("leaves the assistant on its built-in engine by default", () => {
    const env = loadEnv({});
    expect(env.AI_BASE_URL).toBeUndefined();
    expect(env.AI_MODEL).toBeUndefined();
  });
});
