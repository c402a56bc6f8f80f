import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { envSchema, loadEnv } from "./env.ts";

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

describe("where the server listens", () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(here, "../../..");

  it("listens on this machine only unless HOST says otherwise", () => {
    expect(loadEnv({}).HOST).toBe("127.0.0.1");
    expect(loadEnv({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(loadEnv({ HOST: "::" }).HOST).toBe("::");
  });

  it("refuses a HOST that is no address or host name, naming it, and takes an empty one as unset", () => {
    expect(() => loadEnv({ HOST: "http://example.com" })).toThrow(/HOST: must be an address/);
    expect(() => loadEnv({ HOST: "two words" })).toThrow(/HOST: must be an address/);
    expect(loadEnv({ HOST: "" }).HOST).toBe("127.0.0.1");
    expect(loadEnv({ HOST: "keyholder.internal" }).HOST).toBe("keyholder.internal");
  });

  it("documents every setting it reads in the README's configuration table", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## Running in production"));
    const documented = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
    const missing = Object.keys(envSchema.shape).filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
    expect(table).toMatch(/\| `HOST`\s*\| `127\.0\.0\.1`/);
  });

  it("listens on every interface in the container image, where the port is published", () => {
    const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
    const envLines = dockerfile.split("\n").filter((line) => /^ENV\s/.test(line));
    expect(envLines.join(" ")).toMatch(/\bHOST=0\.0\.0\.0\b/);
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
