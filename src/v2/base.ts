/** Where the v2 routes are mounted; the error handler and the document tell v2 paths by it. */
export const V2_BASE = "/api/v2";
