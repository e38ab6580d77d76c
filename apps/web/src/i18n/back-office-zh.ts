/**
 * The back office's texts in Chinese (loaded by back-office.ts). The negated pattern must list the same domains as
 * index.ts PUBLIC_DOMAINS.
 */
export const texts = import.meta.glob<Record<string, unknown>>(
  ['./zh/*.json', '!./zh/{app,auth,common,shell,validation}.json'],
  { eager: true, import: 'default' },
);
