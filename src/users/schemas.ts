import * as z from "zod";
import { newPassword } from "../auth/password-rule.js";
import { roleSchema } from "../auth/roles.js";
import { visibleText } from "../http/validate.js";

const name = visibleText().min(2).max(100);
// better-auth stores emails lower-cased; doing the same here keeps one account per address.
const email = z.email().max(254).toLowerCase();

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
    .refine((roles) => new Set(roles).size === roles.length, "Roles must be distinct"),
});
