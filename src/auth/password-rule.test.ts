// A new password is 8 to 128 characters, not only spaces or invisible ones and not a common one, wherever it is
// set; passwords already stored keep working.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signIn, signUp } from "../../test/factories.js";
import { useTestApp } from "../../test/harness.js";
import { createUser } from "../users/service.js";

const t = useTestApp();
const ORIGIN = "http://localhost:3000";

const TOO_COMMON = {
  code: "PASSWORD_TOO_COMMON",
  message: "Password is too common: it appears in lists of leaked passwords; choose another",
};
const BLANK = {
  code: "PASSWORD_BLANK",
  message: "Password must contain a visible character, not only spaces or invisible ones",
};
const refused = ["12345678", "password123", "Password123", "qwertyuiop", "iloveyou1"];
const blank = [
  "        ",
  "\t\t\t\t\t\t\t\t\t",
  " \u00a0 \u2003    \u3000",
  "\u200b".repeat(10),
  "\u3000".repeat(10),
  "\u00a0".repeat(10),
  "\u200d\u2060\ufeff\u200c\u3164\u2800\u200b\u200b",
];

const newAccount = (password: string) => ({
  name: "New Person",
  email: `new-${randomUUID()}@example.com`,
  password,
});

describe("sign-up", () => {
  it("refuses a common password, in any case, with better-auth's error shape", async () => {
    for (const password of refused) {
      const res = await t.http.post("/api/auth/sign-up/email").send(newAccount(password));
      expect(res.status, password).toBe(400);
      expect(res.body, password).toEqual(TOO_COMMON);
    }
  });

  it("refuses a password made only of spaces or invisible characters", async () => {
    for (const password of blank) {
      const res = await t.http.post("/api/auth/sign-up/email").send(newAccount(password));
      expect(res.status, JSON.stringify(password)).toBe(400);
      expect(res.body).toEqual(BLANK);
    }
  });

  it("answers a body that is not JSON with 415, so no form can skip the rule", async () => {
    for (const [type, body] of [
      ["application/x-www-form-urlencoded", "name=New+Person&email=form%40example.com&password=password123"],
      ["application/x-www-form-urlencoded", `name=New+Person&email=form%40example.com&password=${"+".repeat(10)}`],
      ["text/plain", JSON.stringify(newAccount("password123"))],
      [
        "multipart/form-data; boundary=x",
        "--x\r\nContent-Disposition: form-data; name=password\r\n\r\npassword123\r\n--x--",
      ],
    ]) {
      const res = await t.http.post("/api/auth/sign-up/email").set("Content-Type", type!).send(body);
      expect(res.status, type).toBe(415);
      expect(res.body).toEqual({
        error: `Unsupported media type "${type}" in request.`,
        code: "unsupported_media_type",
      });
    }
    const signIn = await t.http
      .post("/api/auth/sign-in/email")
      .type("form")
      .send({ email: "form@example.com", password: "password123" });
    expect(signIn.status).toBe(415);
  });

  it("keeps 8 to 128 characters, with no composition rule", async () => {
    for (const [password, status] of [
      ["seven77", 400],
      ["x".repeat(129), 400],
      ["eightch!", 200],
      ["all lower case words", 200],
      ["y".repeat(128), 200],
    ] as const) {
      const res = await t.http.post("/api/auth/sign-up/email").send(newAccount(password));
      expect(res.status, password).toBe(status);
    }
    const short = await t.http.post("/api/auth/sign-up/email").send(newAccount("seven77"));
    expect(short.body).toEqual({ code: "PASSWORD_TOO_SHORT", message: "Password too short" });
  });
});

describe("change-password", () => {
  it("refuses a common or blank new password and keeps the old one", async () => {
    const user = await signUp(t);
    for (const [newPassword, body] of [
      ["12345678", TOO_COMMON],
      ["password123", TOO_COMMON],
      ...blank.map((password) => [password, BLANK] as const),
    ] as const) {
      const res = await t.http
        .post("/api/auth/change-password")
        .set("Cookie", user.cookie)
        .set("Origin", ORIGIN)
        .send({ currentPassword: user.password, newPassword });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(body);
    }
    await signIn(t.http, user);
  });
});

describe("reset-password", () => {
  it("refuses a common or blank new password before it reads the token", async () => {
    for (const [newPassword, body] of [["password123", TOO_COMMON], ...blank.map((password) => [password, BLANK])]) {
      const res = await t.http.post("/api/auth/reset-password").send({ token: "any-token", newPassword });
      expect(res.status, JSON.stringify(newPassword)).toBe(400);
      expect(res.body).toEqual(body);
    }
  });
});

describe("the user routes", () => {
  for (const path of ["/api/users", "/api/v2/users/"]) {
    it(`refuse a common or blank password on POST ${path}`, async () => {
      for (const [password, message] of [
        ["12345678", TOO_COMMON.message],
        ["password123", TOO_COMMON.message],
        ...blank.map((password) => [password, BLANK.message]),
      ]) {
        const res = await t.http.post(path).send(newAccount(password!));
        expect(res.status).toBe(400);
        if (path.startsWith("/api/v2/")) expect(res.body).toEqual({ password: [message] });
        else expect(res.body.details).toEqual({ "body.password": [message] });
      }
      expect((await t.http.post(path).send(newAccount("a sound passphrase"))).status).toBe(201);
    });
  }
});

describe("a password stored before the rule", () => {
  it("still signs its user in", async () => {
    const email = `old-${randomUUID()}@example.com`;
    const passwordHash = await (await t.auth.$context).password.hash("12345678");
    await createUser(t.database.db, { name: "Old Account", email, passwordHash });
    const res = await t.http.post("/api/auth/sign-in/email").send({ email, password: "12345678" });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
  });
});
