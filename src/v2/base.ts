/** Where the v2 routes are mounted; the error handler tells a v2 request by it. */
export const V2_BASE = "/api/v2";
