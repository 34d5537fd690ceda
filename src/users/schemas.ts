import * as z from "zod";
import { emailAddress, userName } from "../auth/account-fields.js";
import { newPassword } from "../auth/password-rule.js";
import { roleSchema } from "../roles.js";
import { timestamp } from "../http/wire.js";

// The examples prefill Swagger UI's "Try it out" with values the service accepts.
const name = userName();
const email = emailAddress();

export const createUserBody = z.object({
  name,
  email,
  password: newPassword(),
});

export const updateUserBody = z.object({
  name: name.optional(),
  email: email.optional(),
});

export const setRolesBody = z.object({
  roles: z
    .array(roleSchema)
    .min(1)
    .max(4)
    .refine((roles) => new Set(roles).size === roles.length, "Roles must be distinct")
    .meta({ uniqueItems: true }),
});

export const userJson = z
  .object({
    id: z.uuid(),
    email: emailAddress(),
    name: z.string(),
    roles: z.array(roleSchema),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "User" });

/** A user's record as v2 shows it to that user and ADMIN: with whether the address is verified. */
export const ownUserJson = userJson.extend({ emailVerified: z.boolean() }).meta({ id: "OwnUser" });

/** Another user's record, as v2 shows it to anyone but that user and ADMIN. */
export const publicUserJson = z.object({ id: z.uuid(), name: z.string() }).meta({ id: "PublicUser" });
