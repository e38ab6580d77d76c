import { MarcMappingRules } from '@shuyuan/contracts/marc/mapping';
import type { MarcFlavour } from '@shuyuan/contracts/marc/record';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { defaultMarcRules } from './lib/default-rules.ts';
import { marcRule } from './marc.table.ts';

export type RuleSet = Record<MarcFlavour, MarcMappingRules>;

/**
 * The school's rules for one flavour, else the built-in ones (also when a saved row no longer validates).
 * Rules saved before a catalogue field or the holdings existed get the built-in sources for what they lack
 * (the rules screen cannot remove a field, so a missing one was never there).
 */
export async function getRules(db: Db, scope: Scope, flavour: MarcFlavour): Promise<MarcMappingRules> {
  const [row] = await db
    .select({ rules: marcRule.rules })
    .from(marcRule)
    .where(scope.where(marcRule, eq(marcRule.flavour, flavour)));
  const parsed = row ? MarcMappingRules.safeParse(row.rules) : null;
  const builtin = defaultMarcRules(flavour);
  if (!parsed?.success) return builtin;
  const saved = parsed.data;
  const missing = builtin.rules.filter((b) => !saved.rules.some((r) => r.field === b.field));
  return { ...saved, rules: [...saved.rules, ...missing], holdings: saved.holdings ?? builtin.holdings };
}

export async function getRuleSet(db: Db, scope: Scope, override?: MarcMappingRules[]): Promise<RuleSet> {
  const set: RuleSet = { MARC21: await getRules(db, scope, 'MARC21'), UNIMARC: await getRules(db, scope, 'UNIMARC') };
  for (const r of override ?? []) set[r.flavour] = r;
  return set;
}

/** Saves (insert or replace) the school's rules of one flavour; the body was validated by the contract. */
export async function saveRules(db: Db, scope: Scope, rules: MarcMappingRules) {
  await db
    .insert(marcRule)
    .values(scope.values({ flavour: rules.flavour, rules }))
    .onConflictDoUpdate({ target: [marcRule.schoolId, marcRule.flavour], set: { rules, updatedAt: sql`now()` } });
  return { flavour: rules.flavour };
}
