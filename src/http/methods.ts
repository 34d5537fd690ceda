/** The methods that may change what the service stores (HTTP's unsafe methods this API serves). */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The methods that only read; a method in neither set (e.g. TRACE) is not trusted to only read. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);
