import { useAction } from "./action.js";
import { api, must } from "./api.js";

/** Sends an admin notification to one user (ADMIN). */
export function Notifications() {
  const action = useAction();
  return (
    <>
      <h1>Send a notification</h1>
      <form
        aria-label="Send a notification"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          const body = { userId: data.get("userId") as string, message: data.get("message") as string };
          action.run(
            () => must(api.POST("/api/v2/notifications/", { body })),
            "Notification sent",
            () => form.reset(),
          );
        }}
      >
        <label>
          User id
          <input name="userId" required />
        </label>
        <label>
          Message
          <input name="message" required maxLength={1000} />
        </label>
        <button type="submit" disabled={action.busy}>
          Send
        </button>
      </form>
      {action.note}
    </>
  );
}
