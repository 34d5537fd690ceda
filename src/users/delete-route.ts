import { requestAudit } from "../audit/service.js";
import { authorize, roleGates } from "../auth/policy.js";
import { actorOf } from "../auth/request-context.js";
import { type Route, route, type Tag } from "../http/route.js";
import { idParams } from "../http/validate.js";
import { deleteUser } from "./service.js";

/**
 * Deleting a user, the same in both API versions but for the path: an ADMIN, never on their own
 * account, audited with the address it had; 204 with no body.
 */
export function deleteUserRoute(path: string, tag: Tag): Route {
  return route({
    method: "delete",
    path,
    tag,
    summary: "Delete a user",
    access: roleGates.deleteUser,
    params: idParams,
    successes: { 204: { description: "Deleted" } },
    errors: [404, 409],
    handler: async ({ req, res, input }, { db }) => {
      const { id } = input.params;
      authorize(actorOf(req), "user.delete", { id });
      await deleteUser(db, id, (deleted) => requestAudit(req, "user.delete", id, { email: deleted.email }));
      res.status(204).end();
    },
  });
}
