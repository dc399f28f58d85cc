/**
 * Every schema the web app checks an answer with: the contract's schema modules (not the rest of the
 * contract: its endpoint table and rules stay out of this chunk), the same the server answers with
 * (no looser copies here). Loaded only through `loadSchemas()` (load-schemas.ts), never imported: zod
 * and the schemas stay out of a page's first load, and come with its first call (apiRequest asks for
 * them as it sends).
 */
export * from '@inkwell/contract/schemas';
