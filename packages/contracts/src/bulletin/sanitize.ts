/**
 * Rich text of notices, news and the library introduction: an allow-list HTML sanitiser with no dependency. The
 * input is read as tokens and written anew: only listed tags and attributes survive, every text character and
 * attribute value is escaped again, links and pictures keep only safe addresses, and tags are balanced (a stray
 * closing tag cannot break out of the page around it). Script, style and embedded content are dropped with what
 * they contain. The server runs it on every save (stored content is always clean); the web runs it for previews.
 */

const ALLOWED = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'del',
  'sub',
  'sup',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'a',
  'img',
  'span',
  'div',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'figure',
  'figcaption',
]);
const VOID = new Set(['br', 'hr', 'img']);
/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'svg',
  'math',
  'select',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'frameset',
  'applet',
  'head',
]);
const ALIGN = new Set(['left', 'center', 'right', 'justify']);
const ALIGNABLE = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th', 'li', 'figure']);

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>|<\?[^>]*>|<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTR = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : '';
    }
    return NAMED[e.toLowerCase()] ?? m;
  });
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** Without spaces and control characters, which browsers skip inside an address's scheme ("java\tscript:"). */
function stripControls(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c > 0x20 && (c < 0x7f || c > 0x9f)) out += ch;
  }
  return out;
}

/** A link target: http(s), mailto, a path of this site or an anchor — never javascript:, data: or vbscript:. */
export function safeHref(raw: string): string | null {
  const v = stripControls(decode(raw));
  if (/^(https?:\/\/|mailto:)/i.test(v)) return v;
  if (/^\/(?!\/)|^#/.test(v)) return v;
  return null;
}

/** A picture: an uploaded file of this site (/files/…) or an http(s) address. */
export function safeSrc(raw: string): string | null {
  const v = stripControls(decode(raw));
  if (/^https?:\/\//i.test(v) || /^\/files\//.test(v)) return v;
  return null;
}

function attrsOf(tag: string, raw: string): string {
  const out: string[] = [];
  for (const m of raw.matchAll(ATTR)) {
    const name = m[1].toLowerCase();
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (tag === 'a' && name === 'href') {
      const href = safeHref(value);
      if (href !== null) out.push(`href="${escapeAttr(href)}"`, 'rel="noopener noreferrer"', 'target="_blank"');
    } else if (tag === 'img' && name === 'src') {
      const src = safeSrc(value);
      if (src !== null) out.push(`src="${escapeAttr(src)}"`);
    } else if ((name === 'alt' && tag === 'img') || name === 'title') {
      out.push(`${name}="${escapeAttr(decode(value).slice(0, 300))}"`);
    } else if (
      ((name === 'width' || name === 'height') && tag === 'img') ||
      ((name === 'colspan' || name === 'rowspan') && (tag === 'td' || tag === 'th'))
    ) {
      if (/^\d{1,4}$/.test(value)) out.push(`${name}="${value}"`);
    } else if (name === 'style' && ALIGNABLE.has(tag)) {
      const align = /(?:^|;)\s*text-align\s*:\s*([a-z]+)\s*(?:;|$)/i.exec(decode(value))?.[1]?.toLowerCase();
      if (align && ALIGN.has(align)) out.push(`style="text-align:${align}"`);
    }
  }
  if (tag === 'img' && !out.some((a) => a.startsWith('src='))) return '\0';
  // One of each (a repeated attribute keeps its first value).
  const seen = new Set<string>();
  const unique = out.filter((a) => {
    const k = a.slice(0, a.indexOf('='));
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return unique.length ? ` ${unique.join(' ')}` : '';
}

/** Clean HTML: see the file comment. */
export function sanitizeHtml(input: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let last = 0;
  let dropping: string | null = null;
  const text = (s: string) => {
    if (!dropping && s) out.push(escapeText(decode(s)));
  };
  for (const m of input.matchAll(TOKEN)) {
    text(input.slice(last, m.index));
    last = m.index! + m[0].length;
    if (!m[2]) continue; // comment, doctype, CDATA, processing instruction
    const closing = m[1] === '/';
    const tag = m[2].toLowerCase();
    if (dropping) {
      if (closing && tag === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(tag)) {
      if (!closing && !/\/\s*$/.test(m[3])) dropping = tag;
      continue;
    }
    if (!ALLOWED.has(tag)) continue;
    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at < 0) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    const attrs = attrsOf(tag, m[3]);
    if (attrs === '\0') continue;
    out.push(`<${tag}${attrs}>`);
    if (!VOID.has(tag)) open.push(tag);
  }
  text(input.slice(last));
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}

/** The text of (clean) HTML: tags out, entities read, spaces collapsed — for summaries and list previews. */
export function htmlToText(html: string, max = 200): string {
  const s = decode(html.replace(/<(br|\/p|\/div|\/li|\/h\d)[^>]*>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
