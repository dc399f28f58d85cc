/**
 * Limits of the contract that a page needs as it renders (an input's maxLength) but that live in its
 * schema modules: importing them from there would bring those modules, and zod with them, into the
 * page's first load (zod comes with the first call instead, load-schemas.ts). They are mirrored here;
 * limits.test.ts fails if one ever differs from the contract's.
 */
export const SEARCH_QUERY_MAX = 100;
export const NAME_MAX = 60;
export const COMMENT_MAX_LENGTH = 5000;
