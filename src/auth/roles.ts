import * as z from "zod";

const ROLES = ["ADMIN", "MODERATOR", "USER", "GUEST"] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
