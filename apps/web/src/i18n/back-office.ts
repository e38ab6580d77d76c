import { addDomains } from './index.ts';

/**
 * The texts of every domain the entry chunk does not carry (index.ts PUBLIC_DOMAINS), registered when the staff
 * layout's code loads, before it renders. The negated pattern must list the same domains as PUBLIC_DOMAINS.
 */
addDomains(
  import.meta.glob<Record<string, unknown>>(['./*/*.json', '!./*/{app,auth,common,shell,validation}.json'], {
    eager: true,
    import: 'default',
  }),
);
