import type { ComponentChildren } from "preact";
import { useLoad, Status } from "./load.js";
import { Link, useLocation } from "./router.js";
import { isAdmin, isStaff, loadMe, type Me, NotAllowed, SignIn, signOut } from "./session.js";
import { screenFor } from "./screens.js";

/** Signs in, then shows the screen of the current URL to a MODERATOR or ADMIN, and nothing to anyone else. */
export function App() {
  const me = useLoad(loadMe, "me");
  const location = useLocation();
  if (!me.data && (me.loading || me.failure)) return <Status loaded={me} />;
  const user = me.data;
  if (!user) return <SignIn onSignedIn={me.reload} />;
  if (!isStaff(user)) return <NotAllowed me={user} onSignedOut={me.reload} />;
  return (
    <Layout me={user} onSignedOut={me.reload}>
      {screenFor(location.path, location.query, user)}
    </Layout>
  );
}

const sections: { to: string; label: string; adminOnly: boolean }[] = [
  { to: "/", label: "Dashboard", adminOnly: false },
  { to: "/users", label: "Users", adminOnly: true },
  { to: "/posts", label: "Posts", adminOnly: false },
  { to: "/audit", label: "Audit", adminOnly: false },
  { to: "/mail", label: "Mail", adminOnly: true },
  { to: "/notifications", label: "Notifications", adminOnly: true },
];

function Layout({
  me,
  onSignedOut,
  children,
}: {
  me: NonNullable<Me>;
  onSignedOut: () => void;
  children: ComponentChildren;
}) {
  return (
    <>
      <header>
        <nav aria-label="Sections">
          {sections
            .filter((section) => !section.adminOnly || isAdmin(me))
            .map((section) => (
              <Link key={section.to} to={section.to}>
                {section.label}
              </Link>
            ))}
        </nav>
        <p class="who">
          {me.name} ({me.roles.join(", ")}){" "}
          <button type="button" onClick={() => void signOut().then(onSignedOut)}>
            Sign out
          </button>
        </p>
      </header>
      <main>{children}</main>
    </>
  );
}
