import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The shape DEVELOPERS.md asks for, checked on every run: plugins never import modules, lib never
 * imports plugins or modules, features never import each other (what composes several lives in the
 * web's app/ or routes/, above them; shared code in components/, hooks/ and lib/, below them), and no
 * file reaches itself again through its imports (type-only imports count: they tie the files
 * together just the same).
 */
const root = path.resolve(import.meta.dirname, "../..");
const trees = ["apps/server/src", "apps/server/test", "apps/web/src", "packages/contracts/src"];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith(".gen.ts"))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

const files = trees.flatMap(sourceFiles);
const known = new Set(files);
/** Relative imports of each file, as paths from the root ("apps/server/src/lib/tokens.ts"). */
const imports = new Map(
  files.map((file) => {
    const text = readFileSync(path.join(root, file), "utf8");
    // Static imports and dynamic import("./...") alike: a lazily loaded file is composed all the same.
    const specifiers = [
      ...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+"(\.{1,2}\/[^"]+)"/gms),
      ...text.matchAll(/\bimport\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g),
    ];
    const targets = specifiers
      .map((m) => path.normalize(path.join(path.dirname(file), m[1] ?? "")))
      .filter((target) => known.has(target));
    return [file, targets] as const;
  }),
);

const under = (folder: string) => (file: string) => file.startsWith(`${folder}/`);
/** Tests stand outside the layers: they assemble the whole app, with fixtures from any module. */
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const offending = (from: (f: string) => boolean, to: (f: string) => boolean) =>
  [...imports].flatMap(([file, targets]) =>
    from(file) && !isTest(file) ? targets.filter(to).map((t) => `${file} -> ${t}`) : [],
  );

describe("the layers of the code", () => {
  it("keeps plugins from importing modules", () => {
    expect(offending(under("apps/server/src/plugins"), under("apps/server/src/modules"))).toEqual([]);
  });

  it("keeps lib from importing plugins or modules", () => {
    const lib = under("apps/server/src/lib");
    expect(offending(lib, (t) => under("apps/server/src/plugins")(t) || under("apps/server/src/modules")(t))).toEqual(
      [],
    );
    expect(offending(under("apps/web/src/lib"), under("apps/web/src/features"))).toEqual([]);
  });

  it("keeps web features from importing each other", () => {
    const feature = (f: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(f)?.[1];
    const crossings = [...imports].flatMap(([file, targets]) =>
      targets.filter((t) => feature(file) && feature(t) && feature(t) !== feature(file)).map((t) => `${file} -> ${t}`),
    );
    expect(crossings).toEqual([]);
  });

  it("keeps the web's layers one way: app and routes compose features, features use shared code", () => {
    const web =
      (...folders: string[]) =>
      (f: string) =>
        folders.some((folder) => under(`apps/web/src/${folder}`)(f));
    const composition = web("app", "routes");
    const shared = web("components", "hooks", "lib");
    expect(offending(web("features", "components", "hooks", "lib"), composition)).toEqual([]);
    expect(offending(shared, web("features"))).toEqual([]);
  });

  it("has no import cycles", () => {
    // Tarjan's strongly connected components: every component of more than one file is a cycle.
    let counter = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    const visit = (file: string) => {
      index.set(file, counter);
      low.set(file, counter++);
      stack.push(file);
      onStack.add(file);
      for (const target of imports.get(file) ?? []) {
        if (!index.has(target)) {
          visit(target);
          low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
        } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
      if (low.get(file) === index.get(file)) {
        const component: string[] = [];
        let next: string | undefined;
        do {
          next = stack.pop();
          if (next) {
            onStack.delete(next);
            component.push(next);
          }
        } while (next && next !== file);
        if (component.length > 1) cycles.push(component.sort());
      }
    };
    for (const file of files) if (!index.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
