/**
 * The envelope's codes without zod (envelope.ts re-exports them): the web entry imports these, and a module of the
 * entry that also held schemas would bring zod into the sign-in page as soon as any screen used one of them.
 */

/** Code the server uses for an expired or invalid client-credentials token (spec §8). */
export const CODE_CLIENT_TOKEN_INVALID = 99998;
/** Generic business failure code. */
export const CODE_FAIL = 1;
