/**
 * Every schema migration, in order. TypeORM runs the pending ones at start; the schema is never synchronised
 * from entities. Add a new migration class at the end; never edit one that has shipped.
 */
export const migrations: Function[] = [];
