import { Router } from "express";
import * as z from "zod";
import { requestAudit } from "../audit/service.js";
import { authorize, can, roleGates } from "../auth/policy.js";
import { actorOf } from "../auth/request-context.js";
import { users as usersTable } from "../db/schema.js";
import { orderingParam } from "../http/ordering.js";
import { limitOffsetEnvelope, limitOffsetWindow } from "../http/pagination.js";
import { idParams, text, validate } from "../http/validate.js";
import type { V2Deps } from "../deps.js";
import { createUserBody, updateUserBody } from "./schemas.js";
import * as users from "./service.js";

export const usersListQuery = z.object({
  search: text().max(200).optional(),
  ordering: orderingParam(
    { created_at: usersTable.createdAt, name: usersTable.name, email: usersTable.email },
    "created_at",
  ),
});

const list = validate({ query: usersListQuery });
const create = validate({ body: createUserBody });
const byId = validate({ params: idParams });
const replace = validate({ params: idParams, body: updateUserBody.required() });
const patch = validate({ params: idParams, body: updateUserBody });

/**
 * /api/v2/users: limit/offset pagination, search on name and email, ordering. The list is for
 * ADMIN, who sees whole records; another user's record is the public view for anyone else.
 */
export function usersV2Router({ db, auth, guards }: V2Deps): Router {
  const { requireAuth } = guards;
  const router = Router();

  router.get("/users/", requireAuth(...roleGates.listUsers), list, async (req, res) => {
    const { search, ordering } = list.input(res).query;
    const window = limitOffsetWindow(req.query, { defaultSize: 10, maxSize: 100 });
    const { rows, count } = await users.searchUsers(db, search, ordering, window);
    res.json(limitOffsetEnvelope(req, window, count, rows));
  });

  router.post("/users/", create, async (_req, res) => {
    res.status(201).json(await users.registerUser(db, auth, create.input(res).body));
  });

  router.get("/users/:id/", requireAuth(), byId, async (req, res) => {
    const user = await users.getUserRecord(db, byId.input(res).params.id);
    res.json(can(actorOf(req), "user.readPrivate", user) ? user : users.publicViewOf(user));
  });

  for (const [method, validator] of [
    ["put", replace],
    ["patch", patch],
  ] as const) {
    router[method]("/users/:id/", requireAuth(), validator, async (req, res) => {
      const { params, body } = validator.input(res);
      authorize(actorOf(req), "user.update", params);
      await users.updateUser(db, params.id, body);
      // The same whole record GET answers to those who may update it.
      res.json(await users.getUserRecord(db, params.id));
    });
  }

  router.delete("/users/:id/", requireAuth(...roleGates.deleteUser), byId, async (req, res) => {
    const { id } = byId.input(res).params;
    authorize(actorOf(req), "user.delete", { id });
    await users.deleteUser(db, id, (deleted) => requestAudit(req, "user.delete", id, { email: deleted.email }));
    res.status(204).end();
  });

  return router;
}
