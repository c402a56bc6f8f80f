import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockDataDir } from "./client.ts";

const freshDir = () => mkdtempSync(path.join(os.tmpdir(), "keyholder-lock-"));

describe("the embedded database's data-directory lock", () => {
  it("refuses a second process while the first one lives, naming it", () => {
    const dir = freshDir();
    const release = lockDataDir(dir, process.ppid);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.ppid}`));
    release();
    const mine = lockDataDir(dir);
    expect(readFileSync(path.join(dir, "keyholder.pid"), "utf8")).toBe(String(process.pid));
    mine();
    expect(existsSync(path.join(dir, "keyholder.pid"))).toBe(false);
  });

  it("takes over the file of a process that is gone", () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, "keyholder.pid"), "2147483646");
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, "keyholder.pid"), "utf8")).toBe(String(process.pid));
    release();
  });
});
