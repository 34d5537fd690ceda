import { type RequestHandler, Router } from "express";
import { recordAudit, requestAudit } from "../audit/service.js";
import { actorOf, isRequestFromUser } from "../auth/require-auth.js";
import { lastAdminProtection, notOwner } from "../http/errors.js";
import { idParams, limitOffsetQuery, validate } from "../http/validate.js";
import type { AppDeps } from "../app.js";
import { createUserBody, setRolesBody, updateUserBody } from "./schemas.js";
import * as users from "./service.js";

const listQuery = validate({ query: limitOffsetQuery });
const createBody = validate({ body: createUserBody });
const byId = validate({ params: idParams });
const update = validate({ params: idParams, body: updateUserBody });
const setRoles = validate({ params: idParams, body: setRolesBody });

/** User routes, mounted at /api. */
export function usersRouter({ db, auth, guards }: AppDeps): Router {
  const { requireAuth, requireAdmin } = guards;
  const router = Router();

  const listAll: RequestHandler = async (_req, res) => {
    res.json({ users: await users.listUsers(db, listQuery.input(res).query) });
  };
  router.get("/users", requireAdmin, listQuery, listAll);
  router.get("/admin/users", requireAdmin, listQuery, listAll);

  router.post("/users", createBody, async (_req, res) => {
    res.status(201).json({ user: await users.registerUser(db, auth, createBody.input(res).body) });
  });

  router.get("/users/:id", requireAuth(), byId, async (_req, res) => {
    res.json({ user: await users.getUser(db, byId.input(res).params.id) });
  });

  router.put("/users/:id", requireAuth(), update, async (req, res) => {
    const { params, body } = update.input(res);
    if (!isRequestFromUser(req, params.id)) throw notOwner("You can only update your own profile");
    res.json({ user: await users.updateUser(db, params.id, body) });
  });

  router.delete("/users/:id", requireAdmin, byId, async (_req, res) => {
    await users.deleteUser(db, byId.input(res).params.id);
    res.status(204).end();
  });

  router.put("/users/:id/roles", requireAdmin, setRoles, async (req, res) => {
    const { params, body } = setRoles.input(res);
    const actor = actorOf(req);
    if (params.id === actor.id && actor.roles.includes("ADMIN") && !body.roles.includes("ADMIN")) {
      throw lastAdminProtection();
    }
    const user = await db.transaction(async (tx) => {
      const { user: updated, previousRoles } = await users.setUserRoles(tx, params.id, body.roles);
      await recordAudit(tx, requestAudit(req, "user.set_roles", params.id, { roles: updated.roles, previousRoles }));
      return updated;
    });
    res.json({ user });
  });

  router.get("/profile", requireAuth(), async (req, res) => {
    res.json({ user: await users.getUser(db, actorOf(req).id) });
  });

  return router;
}
