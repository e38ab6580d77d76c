/**
 * Test helper: reads what a local SMTP server received — the decoded Subject and the text of every MIME part
 * (base64 / quoted-printable / plain), so tests can assert on Chinese text.
 */
function decodeWords(s: string): string {
  return s.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, body: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(body, 'base64').toString('utf8') : qp(body.replace(/_/g, ' ')),
  );
}

function qp(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

export function decodeMail(raw: string): { subject: string; body: string } {
  const [head] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeWords(/^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '');
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const body = parts
    .map((p) => {
      const [h, ...rest] = p.split(/\r?\n\r?\n/);
      const content = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(h))
        return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(h)) return qp(content);
      return content;
    })
    .join('\n');
  return { subject, body };
}
