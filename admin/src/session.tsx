import { useState } from "preact/hooks";
import { api, ApiFailure, type Failure, must } from "./api.js";
import { FailureNote } from "./load.js";

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

/** better-auth's email sign-in; the browser sends this page's Origin, which the service trusts. */
export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [failure, setFailure] = useState<Failure | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setFailure(undefined);
    try {
      const { response } = await api.POST("/api/auth/sign-in/email", {
        body: { email: form.get("email") as string, password: form.get("password") as string },
      });
      if (response.ok) onSignedIn();
      else
        setFailure({
          kind: "failed",
          message: response.status === 401 ? "Wrong email or password" : `Sign-in refused (${response.status})`,
        });
    } catch {
      setFailure({ kind: "failed", message: "The service could not be reached" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="narrow">
      <h1>Admin console</h1>
      <form onSubmit={(event) => void submit(event)} aria-label="Sign in">
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
