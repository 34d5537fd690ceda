import { useState } from "preact/hooks";
import { useAction } from "./action.js";
import { api, must } from "./api.js";
import { formatTime } from "./format.js";
import { Status, useLoad } from "./load.js";
import { toQuery } from "./query.js";
import { Link, navigate } from "./router.js";

const ROLES = ["ADMIN", "MODERATOR", "USER", "GUEST"] as const;

/** One user (ADMIN): profile, roles, sessions with revoke, posts, and deletion after a confirmation. */
export function UserPage({ id }: { id: string }) {
  const loaded = useLoad(
    () =>
      Promise.all([
        must(api.GET("/api/v2/users/{id}/", { params: { path: { id } } })),
        must(api.GET("/api/v2/admin/users/{id}/sessions/", { params: { path: { id } } })),
        must(api.GET("/api/v2/posts/", { params: { query: { author: id } } })),
        must(api.GET("/api/v2/admin/users/{id}/comments/", { params: { path: { id } } })),
      ]),
    id,
  );
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  if (!loaded.data) return <Status loaded={loaded} />;
  const [user, sessions, posts, comments] = loaded.data;
  if (!("email" in user)) return <p role="alert">Not allowed: only an ADMIN sees this user's record (403).</p>;
  const person = `${user.name} <${user.email}>`;
  return (
    <>
      <h1>{user.name}</h1>
      <p>
        {user.email} · {user.emailVerified ? "verified" : "not verified"} · joined {formatTime(user.createdAt)}
      </p>
      {action.note}
      <form
        aria-label="Roles"
        onSubmit={(event) => {
          event.preventDefault();
          const roles = new FormData(event.currentTarget).getAll("roles") as (typeof ROLES)[number][];
          action.run(
            () => must(api.PUT("/api/users/{id}/roles", { params: { path: { id } }, body: { roles } })),
            `Roles of ${person} saved`,
            loaded.reload,
          );
        }}
      >
        <fieldset>
          <legend>Roles</legend>
          {ROLES.map((role) => (
            <label key={`${role}-${user.roles.join()}`}>
              <input type="checkbox" name="roles" value={role} defaultChecked={user.roles.includes(role)} /> {role}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={action.busy}>
          Save roles
        </button>
      </form>
      <h2>Sessions</h2>
      {sessions.length === 0 ? (
        <p>No open session.</p>
      ) : (
        <ul>
          {sessions.map((session) => (
            <li key={session.id}>
              Since {formatTime(session.createdAt)}, {session.ipAddress ?? "unknown address"},{" "}
              {session.userAgent ?? "unknown browser"}{" "}
              <button
                type="button"
                disabled={action.busy}
                onClick={() =>
                  action.run(
                    () =>
                      must(
                        api.DELETE("/api/v2/admin/users/{id}/sessions/{sessionId}/", {
                          params: { path: { id, sessionId: session.id } },
                        }),
                      ),
                    "Session revoked",
                    loaded.reload,
                  )
                }
              >
                Revoke session
              </button>
            </li>
          ))}
        </ul>
      )}
      <h2>Posts</h2>
      {posts.count === 0 ? (
        <p>No post.</p>
      ) : (
        <ul>
          {posts.results.map((post) => (
            <li key={post.id}>
              <Link to={`/posts/${post.id}`}>{post.title}</Link> ({post.status})
            </li>
          ))}
        </ul>
      )}
      {posts.count > posts.results.length && (
        <Link to={`/posts${toQuery({ author: id })}`}>All {posts.count} posts</Link>
      )}
      <h2>Comments</h2>
      {comments.count === 0 ? (
        <p>No comment.</p>
      ) : (
        <>
          <p>
            {comments.count > comments.results.length
              ? `The latest ${comments.results.length} of ${comments.count}`
              : `${comments.count} comments`}
          </p>
          <ul>
            {comments.results.map((comment) => (
              <li key={comment.id}>
                {formatTime(comment.createdAt)} on <Link to={`/posts/${comment.postId}`}>{comment.postTitle}</Link>:{" "}
                {comment.content}
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>Delete</h2>
      {confirming ? (
        <p role="group" aria-label="Confirm deletion">
          Delete {person} and everything they wrote? This cannot be undone.{" "}
          <button
            type="button"
            class="danger"
            onClick={() =>
              action.run(
                () => must(api.DELETE("/api/v2/users/{id}/", { params: { path: { id } } })),
                `${person} deleted`,
                () => navigate("/users"),
              )
            }
          >
            Delete {user.name}
          </button>{" "}
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </p>
      ) : (
        <button type="button" onClick={() => setConfirming(true)}>
          Delete this user…
        </button>
      )}
    </>
  );
}
