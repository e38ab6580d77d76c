import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core on the current page: the serious and critical violations (id and where). */
export async function axe(p: Page): Promise<string[]> {
  // Evaluated through the browser's debugger protocol: an added <script> is inline script, which the policy refuses.
  await p.evaluate(fs.readFileSync(axePath, 'utf8'));
  const found = await p.evaluate(async () => {
    const r = await (window as any).axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'best-practice'] });
    return r.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
  return found;
}
