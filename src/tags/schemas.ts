import * as z from "zod";

/** A tag with how many posts carry it, as the tag list answers it. */
export const tagJson = z.object({ name: z.string(), count: z.int().min(1) }).meta({ id: "TagCount" });
