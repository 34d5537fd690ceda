import { Audit } from "./audit.js";
import { Dashboard } from "./dashboard.js";
import { Mail } from "./mail.js";
import { Notifications } from "./notifications.js";
import { PostPage, Posts } from "./posts.js";
import { isAdmin, type Me } from "./session.js";
import { UserPage } from "./user.js";
import { Users } from "./users.js";

/** The screen a console path names; ADMIN's screens tell a MODERATOR so rather than load. */
export function screenFor(path: string, query: URLSearchParams, me: NonNullable<Me>) {
  const admin = isAdmin(me);
  const [, section, id] = path.split("/");
  const adminOnly = <p role="alert">Not allowed: this screen is for administrators (403).</p>;
  switch (section) {
    case "":
      return <Dashboard />;
    case "users":
      if (!admin) return adminOnly;
      return id ? <UserPage key={id} id={id} /> : <Users query={query} />;
    case "posts":
      return id ? <PostPage key={id} id={id} admin={admin} /> : <Posts query={query} admin={admin} />;
    case "audit":
      return <Audit query={query} admin={admin} />;
    case "mail":
      return admin ? <Mail query={query} /> : adminOnly;
    case "notifications":
      return admin ? <Notifications /> : adminOnly;
    default:
      return (
        <p role="alert">
          No such screen: <code>{path}</code>
        </p>
      );
  }
}
