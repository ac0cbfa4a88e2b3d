/**
 * The endpoints the web app calls, by name (`callEndpoint(endpoints.userInfo, …)`).
 *
 * In development and tests this is the contract's own list, schemas included (answers are checked
 * against them). A production build replaces this module with a table generated at build time from
 * the same list, holding each endpoint's plain fields (id, method, path, session, body encoding,
 * file parts, …) and no schema (apps/web/build/endpoint-table-plugin.ts): importing the contract's
 * list would put every endpoint module, and with them zod and the forms' schemas, into the first
 * route's JavaScript (docs/decisions/081).
 */
export { endpoints } from '@sen/contract';
