/** An address as accounts and lists keep it: without surrounding space, in lower case (one address, one row). */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
