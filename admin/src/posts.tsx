import { useAction } from "./action.js";
import { api, must } from "./api.js";
import { formatTime } from "./format.js";
import { Freshness, Status, useLoad } from "./load.js";
import { fromQuery, pageOf, toQuery } from "./query.js";
import { Link, navigate } from "./router.js";

const POLL_MS = 10_000;

type Post = { id: string; title: string; status: "visible" | "hidden"; createdAt: string; authorId: string };

/** Hide or restore (MODERATOR), delete (ADMIN): the buttons of a post's row and of its page. */
export function PostActions({ post, admin, after }: { post: Post; admin: boolean; after: () => void }) {
  const action = useAction();
  const moderate = (kind: "hide" | "restore") =>
    action.run(
      () => must(api.POST("/api/moderate", { body: { postId: post.id, action: kind } })),
      kind === "hide" ? `“${post.title}” hidden` : `“${post.title}” restored`,
      after,
    );
  return (
    <>
      {post.status === "visible" ? (
        <button type="button" disabled={action.busy} onClick={() => moderate("hide")}>
          Hide “{post.title}”
        </button>
      ) : (
        <button type="button" disabled={action.busy} onClick={() => moderate("restore")}>
          Restore “{post.title}”
        </button>
      )}{" "}
      {admin && (
        <button
          type="button"
          class="danger"
          disabled={action.busy}
          onClick={() =>
            action.run(
              () => must(api.DELETE("/api/v2/posts/{id}/", { params: { path: { id: post.id } } })),
              `“${post.title}” deleted`,
              after,
            )
          }
        >
          Delete “{post.title}”
        </button>
      )}
      {action.note}
    </>
  );
}

/** Every post, hidden ones included, filtered by search, tag and author; new posts appear by polling. */
export function Posts({ query, admin }: { query: URLSearchParams; admin: boolean }) {
  const { status: statusText, ...filters } = fromQuery(query, ["search", "tag", "author", "status"]);
  const status = statusText === "visible" || statusText === "hidden" ? statusText : undefined;
  const page = pageOf(query);
  const loaded = useLoad(
    () =>
      must(
        api.GET("/api/v2/posts/", {
          params: {
            query: {
              search: filters.search || undefined,
              tag: filters.tag || undefined,
              author: filters.author || undefined,
              status,
              page,
            },
          },
        }),
      ),
    toQuery({ ...filters, status, page }),
    POLL_MS,
  );
  return (
    <>
      <h1>Posts</h1>
      <form
        class="filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const value = (name: string) => form.get(name) as string;
          navigate(
            `/posts${toQuery({ search: value("search"), tag: value("tag"), author: value("author"), status: value("status") })}`,
          );
        }}
      >
        <label>
          Words
          <input name="search" type="search" defaultValue={filters.search} />
        </label>
        <label>
          Tag
          <input name="tag" defaultValue={filters.tag} />
        </label>
        <label>
          Author id
          <input name="author" defaultValue={filters.author} />
        </label>
        <label>
          Status
          <select name="status" key={status ?? ""}>
            <option value="">Any status</option>
            <option value="visible" selected={status === "visible"}>
              Published
            </option>
            <option value="hidden" selected={status === "hidden"}>
              Hidden
            </option>
          </select>
        </label>
        <button type="submit">Filter</button>
      </form>
      {!loaded.data ? (
        <Status loaded={loaded} />
      ) : (
        <>
          <Freshness loaded={loaded} />
          <p>{loaded.data.count} posts</p>
          <ul>
            {loaded.data.results.map((post) => (
              <li key={post.id}>
                <Link to={`/posts/${post.id}`}>{post.title}</Link> · {post.status} · {formatTime(post.createdAt)} ·{" "}
                <Link to={admin ? `/users/${post.authorId}` : `/posts${toQuery({ author: post.authorId })}`}>
                  author
                </Link>{" "}
                <PostActions post={post} admin={admin} after={loaded.reload} />
              </li>
            ))}
          </ul>
          <nav aria-label="Pages">
            {loaded.data.previous && (
              <Link to={`/posts${toQuery({ ...filters, status, page: page - 1 })}`}>Previous</Link>
            )}{" "}
            {loaded.data.next && <Link to={`/posts${toQuery({ ...filters, status, page: page + 1 })}`}>Next</Link>}
          </nav>
        </>
      )}
    </>
  );
}

/** One post and its comments, each deletable. */
export function PostPage({ id, admin }: { id: string; admin: boolean }) {
  const loaded = useLoad(
    () =>
      Promise.all([
        must(api.GET("/api/v2/posts/{id}/", { params: { path: { id } } })),
        must(api.GET("/api/v2/posts/{postId}/comments/", { params: { path: { postId: id } } })),
      ]),
    id,
    POLL_MS,
  );
  const action = useAction();
  if (!loaded.data) return <Status loaded={loaded} />;
  const [post, comments] = loaded.data;
  return (
    <>
      <h1>{post.title}</h1>
      <p>
        {post.status} · {post.visibility} · {formatTime(post.createdAt)} · tags: {post.tags.join(", ") || "none"}
      </p>
      <PostActions post={post} admin={admin} after={() => navigate("/posts")} />
      <p>{post.content}</p>
      <h2>Comments</h2>
      {action.note}
      <ul>
        {comments.results.map((comment) => (
          <li key={comment.id}>
            {formatTime(comment.createdAt)}: {comment.content}{" "}
            <button
              type="button"
              disabled={action.busy}
              onClick={() =>
                action.run(
                  () =>
                    must(
                      api.DELETE("/api/v2/posts/{postId}/comments/{id}/", {
                        params: { path: { postId: id, id: comment.id } },
                      }),
                    ),
                  "Comment deleted",
                  loaded.reload,
                )
              }
            >
              Delete comment
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
