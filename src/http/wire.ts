import * as z from "zod";

// What every resource's answer is made of. Each feature declares its own answers in its schemas.ts,
// and the routes select exactly those columns; the test harness validates every response of the
// suite against the document built from them, so a column added to a response without its field
// there fails the suite.

export const timestamp = z.iso.datetime({ offset: true });

export const successJson = z.object({ success: z.literal(true) });
export const statusJson = z.object({ status: z.string() });
