import { describe, expect, it } from "vitest";
import { formatPerson } from "./format.js";
import { fromQuery, instantOf, pageOf, toQuery } from "./query.js";
import { BACKUP_CODE, secondFactorRefusal, TOTP_CODE } from "./two-factor.js";

describe("the console's filters in the URL", () => {
  it("writes only the filters that are set, encoded", () => {
    expect(toQuery({ search: "ada lovelace", tag: "", author: undefined, page: 2 })).toBe(
      "?search=ada+lovelace&page=2",
    );
    expect(toQuery({ search: "" })).toBe("");
  });

  it("reads named filters back as form values, absent ones empty", () => {
    const query = new URLSearchParams("?search=%20ada%20&offset=20");
    expect(fromQuery(query, ["search", "role"])).toEqual({ search: "ada", role: "" });
  });

  it("takes page 1 for a missing or malformed page", () => {
    expect(pageOf(new URLSearchParams("page=3"))).toBe(3);
    expect(pageOf(new URLSearchParams("page=-1"))).toBe(1);
    expect(pageOf(new URLSearchParams("page=abc"))).toBe(1);
    expect(pageOf(new URLSearchParams(""))).toBe(1);
  });

  it("turns a date-time field into the instant the API takes, and drops what is not a date", () => {
    expect(instantOf("2026-11-28T07:05")).toBe(new Date("2026-11-28T07:05").toISOString());
    expect(instantOf("")).toBeUndefined();
    expect(instantOf("yesterday")).toBeUndefined();
  });
});

describe("the console's formatting", () => {
  it("names a person by name and email, or what is left", () => {
    expect(formatPerson({ name: "Ada", email: "ada@example.com" })).toBe("Ada <ada@example.com>");
    expect(formatPerson({ name: null, email: "gone@example.com" })).toBe("gone@example.com");
    expect(formatPerson({ name: null, email: null }, "the operator CLI")).toBe("the operator CLI");
  });
});

describe("the sign-in's second factor", () => {
  it("tells a TOTP code from a backup code", () => {
    expect(TOTP_CODE.test("123456")).toBe(true);
    expect(TOTP_CODE.test("12345")).toBe(false);
    expect(BACKUP_CODE.test("abcde-FGH12")).toBe(true);
    expect(BACKUP_CODE.test("123456")).toBe(false);
  });

  it("keeps the code step for a wrong code and starts over when the challenge ended", () => {
    expect(secondFactorRefusal(401, "INVALID_CODE")).toEqual({ message: "Wrong code", restart: false });
    expect(secondFactorRefusal(400, "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE").restart).toBe(true);
    expect(secondFactorRefusal(401, "CODE_ALREADY_USED").restart).toBe(false);
    expect(secondFactorRefusal(401, undefined).restart).toBe(true);
  });
});
