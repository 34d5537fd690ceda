import { describe, expect, it } from "vitest";
import { documentedVariables, envExample, referenceTable, TABLE_END, TABLE_START, withTable } from "./reference.js";

const variables = [
  { name: "PORT", description: "the port the API listens on", value: "3000", shownDefault: "`3000`" },
  {
    name: "BETTER_AUTH_URL",
    description: "public base URL, see [scaling-out.md](scaling-out.md)",
    value: "",
    shownDefault: "http://localhost:$PORT",
  },
];

describe("the configuration reference", () => {
  it("documents every variable the service reads", () => {
    const names = documentedVariables().map((v) => v.name);
    expect(names).toContain("SESSION_CACHE_MS");
    expect(documentedVariables().find((v) => v.name === "SESSION_CACHE_MS")?.value).toBe("60000");
  });

  it("replaces only the generated table, keeping the prose around it", () => {
    const page = `# Title\n\nBefore.\n\n${TABLE_START}\nstale\n${TABLE_END}\n\nAfter.\n`;
    expect(withTable(page, variables)).toBe(`# Title\n\nBefore.\n\n${referenceTable(variables)}\n\nAfter.\n`);
  });

  it("refuses a page without the markers instead of losing its prose", () => {
    expect(() => withTable("# Title\n", variables)).toThrow(/lacks the markers/);
  });

  it("writes .env.example lines a shell-style parser reads back, defaults in comments when computed", () => {
    const text = envExample(variables);
    expect(text).toContain("# The port the API listens on.\nPORT=3000\n");
    expect(text).toContain(
      "# Public base URL, see docs/scaling-out.md. Default: http://localhost:$PORT.\nBETTER_AUTH_URL=\n",
    );
  });
});
