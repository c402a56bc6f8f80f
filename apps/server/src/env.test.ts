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

describe("the encryption key", () => {
  const hex = "0123456789abcdef".repeat(4);
  it("is required with a PostgreSQL server, naming the variable", () => {
    expect(() => loadEnv({ DATABASE_URL: "postgres://db.example/keyholder" })).toThrow(
      /ENCRYPTION_KEY is required with DATABASE_URL/,
    );
    expect(loadEnv({ DATABASE_URL: "postgres://db.example/keyholder", ENCRYPTION_KEY: hex }).ENCRYPTION_KEY).toBe(hex);
  });
  it("takes 32 bytes as hex or base64 and refuses anything else", () => {
    expect(loadEnv({ ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") }).ENCRYPTION_KEY).toBeDefined();
    expect(loadEnv({ ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64url") }).ENCRYPTION_KEY).toBeDefined();
    for (const bad of ["secret", hex.slice(2), Buffer.alloc(16).toString("base64"), `${hex}00`]) {
      expect(() => loadEnv({ ENCRYPTION_KEY: bad })).toThrow(/ENCRYPTION_KEY: must be 32 random bytes/);
    }
  });
  it("is not needed by the embedded database", () => {
    expect(loadEnv({}).ENCRYPTION_KEY).toBeUndefined();
  });
});
