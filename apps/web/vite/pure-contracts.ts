import MagicString from 'magic-string';
import { type Plugin, parseSync } from 'vite';

type Node = { type: string; start: number; end: number; [k: string]: unknown };

const FUNCTION = /^(ArrowFunctionExpression|FunctionExpression|FunctionDeclaration|ClassExpression)$/;

/** Every call evaluated while the declaration is initialised (not those inside callbacks, which run later). */
function calls(node: unknown, out: Node[]): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) calls(n, out);
    return;
  }
  const n = node as Node;
  if (typeof n.type === 'string' && FUNCTION.test(n.type)) return;
  // Optional chains are left whole (parentheses would change their short-circuit).
  if (n.type === 'ChainExpression') return;
  // An immediately invoked function may do anything: neither it nor what it calls is marked.
  if (n.type === 'CallExpression' && FUNCTION.test((n.callee as Node).type)) return;
  if (n.type === 'CallExpression') out.push(n);
  for (const [k, v] of Object.entries(n)) if (k !== 'type' && v && typeof v === 'object') calls(v, out);
}

/**
 * packages/contracts holds declarations only: zod schemas and constants, built at module top level. A bundler
 * cannot know that `z.object(...)` has no side effect, so importing one constant from a contract would pull the
 * whole module and zod (~25 KB gzip) into the chunk, e.g. into the sign-in page. This marks every call made by a
 * top-level `const` initialiser of a contract as pure (`/* @__PURE__ *\/`, one per call of a chain), so schemas a
 * chunk does not use are dropped, and zod with them. Build only; contracts must keep top-level side effects out
 * of `const` initialisers (an expression statement such as `registry.add(x)` is left alone).
 */
export function pureContracts(): Plugin {
  return {
    name: 'shuyuan:pure-contracts',
    apply: 'build',
    transform: {
      filter: { id: /packages\/contracts\/src\/.*(?<!\.test)\.ts$/ },
      handler(code, id) {
        const { program } = parseSync(id, code);
        const found: Node[] = [];
        for (const stmt of program.body as unknown as Node[]) {
          const decl = stmt.type === 'ExportNamedDeclaration' ? (stmt.declaration as Node | null) : stmt;
          if (decl?.type !== 'VariableDeclaration' || decl.kind !== 'const') continue;
          for (const d of decl.declarations as Node[]) calls(d.init, found);
        }
        if (!found.length) return null;
        const s = new MagicString(code);
        // Calls of one chain start at the same offset: wrap each in its own parentheses, innermost first.
        for (const c of found.sort((a, b) => b.end - a.end)) {
          s.appendLeft(c.start, '(/* @__PURE__ */ ');
          s.appendRight(c.end, ')');
        }
        return { code: s.toString(), map: s.generateMap({ hires: true }) };
      },
    },
  };
}
