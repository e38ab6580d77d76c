/** The spec's API prefix P (spec §7). */
export const P = '/micro/library/web1.0';
