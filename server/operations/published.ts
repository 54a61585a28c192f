/**
 * What operations offers other contexts (ADR 040): one stream's whole history for a staff page (inventory's
 * stock screen shows a SKU's). Another context imports operations through this file only (published-only).
 */
export { ReadStreamQuery } from './events/read-stream.query';
