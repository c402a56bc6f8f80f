import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { bootstrap } from "../../bootstrap.ts";
import { asSystem } from "../../db/client.ts";
import { organizations, users } from "../../db/schema/index.ts";
import { verifyPassword } from "../../lib/passwords.ts";

describe("operator bootstrap", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ OPERATOR_EMAIL: "Boss@Example.com" });
  });
  afterAll(() => t.close());

  const operators = () =>
    asSystem(t.db, (tx) =>
      tx
        .select({
          username: users.username,
          hash: users.passwordHash,
          isPlatform: organizations.isPlatform,
          status: organizations.waitlistStatus,
        })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .where(eq(users.isOperator, true)),
    );

  it("creates the operator once with a generated password printed once, and changes nothing on a second start", async () => {
    const first = await bootstrap(t.app, t.env);
    const passwordLine = first.find((l) => l.includes("password:"));
    expect(passwordLine).toBeDefined();
    const password = passwordLine?.split("password:")[1]?.trim() ?? "";
    const [operator] = await operators();
    expect(operator).toMatchObject({ username: "boss@example.com", isPlatform: true, status: "approved" });
    expect(await verifyPassword(operator?.hash ?? "", password)).toBe(true);

    const second = await bootstrap(t.app, t.env);
    expect(second.join("\n")).not.toContain("password:");
    const after = await operators();
    expect(after).toHaveLength(1);
    expect(after[0]?.hash).toBe(operator?.hash);
  });

  it("leaves an existing operator's password alone when OPERATOR_PASSWORD differs, and says so", async () => {
    const [before] = await operators();
    const lines = await bootstrap(t.app, { ...t.env, OPERATOR_PASSWORD: "Another-Pass-99!" });
    expect(lines.join("\n")).toContain("left unchanged");
    const [after] = await operators();
    expect(after?.hash).toBe(before?.hash);
  });
});
