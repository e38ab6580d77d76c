/** Spec §2: root → /home → the home dashboard; also where a sign-in without a wanted page lands. */
export const HOME_PATH = '/data-analysis';
