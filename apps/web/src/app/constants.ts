/** Spec §2: root → /home → the home dashboard; also where a sign-in without a wanted page lands. */
export const HOME_PATH = '/data-analysis';

/** The public search site's page (apps/web/src/opac), with a spec route as its hash. */
export const opacUrl = (route: string) => `${import.meta.env.BASE_URL}opac.html#${route}`;
/** Set by the public site before a reader signs out: the sign-out return goes back there (MainGate), not to sign-in. */
export const OPAC_SIGNED_OUT_KEY = 'shuyuan.opacSignedOut';
/** Identities of readers: one without back-office menus is taken to the personal area after sign-in. */
export const READER_IDENTITIES = ['student', 'teacher', 'parent', 'other'];
