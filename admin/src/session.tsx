import { useEffect, useRef, useState } from "preact/hooks";
import { api, ApiFailure, type Failure, must } from "./api.js";
import { FailureNote } from "./load.js";
import { BACKUP_CODE, secondFactorRefusal, TOTP_CODE } from "./two-factor.js";

export type Me = Awaited<ReturnType<typeof loadMe>>;

/** Who is signed in, or undefined when no one is (401). */
export async function loadMe() {
  try {
    return (await must(api.GET("/api/profile"))).user;
  } catch (error) {
    if (error instanceof ApiFailure && error.failure.kind === "signed-out") return undefined;
    throw error;
  }
}

export const isAdmin = (me: Me) => !!me?.roles.includes("ADMIN");
export const isStaff = (me: Me) => !!me && (isAdmin(me) || me.roles.includes("MODERATOR"));

/** better-auth's error code (`INVALID_CODE`, `TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE`, ...), if it gave one. */
function codeOf(body: unknown): string | undefined {
  const code = (body as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * better-auth's email sign-in; the browser sends this page's Origin, which the service trusts.
 * When the account has two-factor sign-in on, the password step answers `twoFactorRedirect` and
 * sets only the challenge cookie; the code step then completes it with a TOTP or a backup code.
 */
export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [failure, setFailure] = useState<Failure | undefined>();
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<"password" | "code">("password");
  const codeField = useRef<HTMLInputElement>(null);
  // The code step replaces the password form: the focus goes to its field, not back to the page.
  useEffect(() => {
    if (step === "code") codeField.current?.focus();
  }, [step]);
  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await work();
    } catch {
      setFailure({ kind: "failed", message: "The service could not be reached" });
    } finally {
      setBusy(false);
    }
  };
  const submitPassword = (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    void attempt(async () => {
      const { data, response } = await api.POST("/api/auth/sign-in/email", {
        body: { email: form.get("email") as string, password: form.get("password") as string },
      });
      if (response.ok && data && "twoFactorRedirect" in data && data.twoFactorRedirect) setStep("code");
      else if (response.ok) onSignedIn();
      else
        setFailure({
          kind: "failed",
          message: response.status === 401 ? "Wrong email or password" : `Sign-in refused (${response.status})`,
        });
    });
  };
  const submitCode = (event: SubmitEvent) => {
    event.preventDefault();
    const code = (new FormData(event.currentTarget as HTMLFormElement).get("code") as string).replace(/\s/g, "");
    if (!TOTP_CODE.test(code) && !BACKUP_CODE.test(code)) {
      setFailure({ kind: "failed", message: "Type the 6 digits your app shows, or a backup code (xxxxx-xxxxx)" });
      return;
    }
    void attempt(async () => {
      const { response, error } = TOTP_CODE.test(code)
        ? await api.POST("/api/auth/two-factor/verify-totp", { body: { code } })
        : await api.POST("/api/auth/two-factor/verify-backup-code", { body: { code } });
      if (response.ok) return onSignedIn();
      const refusal = secondFactorRefusal(response.status, codeOf(error));
      if (refusal.restart) setStep("password");
      setFailure({ kind: "failed", message: refusal.message });
    });
  };
  return (
    <main class="narrow">
      <h1>Admin console</h1>
      {step === "password" ? (
        <form key="password" onSubmit={submitPassword} aria-label="Sign in">
          <label>
            Email
            <input name="email" type="email" autoComplete="username" required />
          </label>
          <label>
            Password
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          <button type="submit" disabled={busy}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </form>
      ) : (
        // Keyed: otherwise Preact reuses the password form's elements, and the code field keeps the email typed.
        <form key="code" onSubmit={submitCode} aria-label="Second factor">
          <p id="code-help">
            Your account asks for a second factor: the 6-digit code your authenticator app shows, or one of your backup
            codes.
          </p>
          <label>
            Code
            <input
              name="code"
              autoComplete="one-time-code"
              ref={codeField}
              required
              maxLength={11}
              aria-describedby="code-help"
            />
          </label>
          <button type="submit" disabled={busy}>
            {busy ? "Checking…" : "Verify"}
          </button>{" "}
          <button type="button" onClick={() => (setFailure(undefined), setStep("password"))}>
            Start over
          </button>
        </form>
      )}
      {failure && <FailureNote failure={failure} />}
    </main>
  );
}

export async function signOut(): Promise<void> {
  await api.POST("/api/auth/sign-out", { body: {} });
}

/** What a signed-in USER (or GUEST) sees: no data, and a way out. */
export function NotAllowed({ me, onSignedOut }: { me: NonNullable<Me>; onSignedOut: () => void }) {
  return (
    <main class="narrow">
      <h1>Not allowed</h1>
      <p>
        You are signed in as {me.email}. The admin console is for moderators and administrators; your account has the
        roles {me.roles.join(", ")}.
      </p>
      <button type="button" onClick={() => void signOut().then(onSignedOut)}>
        Sign out
      </button>
    </main>
  );
}
