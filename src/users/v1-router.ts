import { type RequestHandler, Router } from "express";
import type { AppDeps } from "../deps.js";
import { recordAudit, requestAudit } from "../audit/service.js";
import { authorize, roleGates } from "../auth/policy.js";
import { actorOf } from "../auth/request-context.js";
import { idParams, limitOffsetQuery, validate } from "../http/validate.js";
import { createUserBody, setRolesBody, updateUserBody } from "./schemas.js";
import * as users from "./service.js";

const listQuery = validate({ query: limitOffsetQuery });
const createBody = validate({ body: createUserBody });
const byId = validate({ params: idParams });
const update = validate({ params: idParams, body: updateUserBody });
const setRoles = validate({ params: idParams, body: setRolesBody });

/** User routes, mounted at /api. */
export function usersRouter({ db, auth, guards }: AppDeps): Router {
  const { requireAuth } = guards;
  const router = Router();

  const listAll: RequestHandler = async (_req, res) => {
    res.json({ users: await users.listUsers(db, listQuery.input(res).query) });
  };
  router.get("/users", requireAuth(...roleGates.listUsers), listQuery, listAll);
  router.get("/admin/users", requireAuth(...roleGates.listUsers), listQuery, listAll);

  router.post("/users", createBody, async (_req, res) => {
    res.status(201).json({ user: await users.registerUser(db, auth, createBody.input(res).body) });
  });

  // Any signed-in user reads any user's whole record here: v1 clients rely on it (v2 shows others `{id, name}`).
  router.get("/users/:id", requireAuth(), byId, async (_req, res) => {
    res.json({ user: await users.getUser(db, byId.input(res).params.id) });
  });

  router.put("/users/:id", requireAuth(), update, async (req, res) => {
    const { params, body } = update.input(res);
    authorize(actorOf(req), "user.update", params);
    res.json({ user: await users.updateUser(db, params.id, body) });
  });

  router.delete("/users/:id", requireAuth(...roleGates.deleteUser), byId, async (req, res) => {
    const { id } = byId.input(res).params;
    authorize(actorOf(req), "user.delete", { id });
    await users.deleteUser(db, id, (deleted) => requestAudit(req, "user.delete", id, { email: deleted.email }));
    res.status(204).end();
  });

  router.put("/users/:id/roles", requireAuth(...roleGates.setRoles), setRoles, async (req, res) => {
    const { params, body } = setRoles.input(res);
    authorize(actorOf(req), "user.setRoles", { id: params.id, roles: body.roles });
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
