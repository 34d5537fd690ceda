/** The methods that may change what the service stores (HTTP's unsafe methods this API serves). */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);
