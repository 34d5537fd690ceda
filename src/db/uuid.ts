/**
 * A UUID's text form, any version, as the database writes it (lower case). PostgreSQL also reads
 * upper case, so an id from a client is tested lower-cased before it may reach a uuid column.
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a client's id can be compared with a uuid column without the query failing. */
export const isUuid = (id: string): boolean => UUID.test(id.toLowerCase());
