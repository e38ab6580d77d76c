import { isControlTag } from '@shuyuan/contracts/marc/record';
import type { MarcEditRecord, MarcIssue } from '@shuyuan/contracts/marc/editor';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';

/** The editor's working copy: fields and subfields carry a key so React keeps inputs while rows move. */
export interface EditSub {
  k: number;
  code: string;
  value: string;
}
export interface EditField {
  k: number;
  tag: string;
  value: string;
  ind1: string;
  ind2: string;
  subs: EditSub[];
}
export interface EditRecord {
  leader: string;
  fields: EditField[];
}

let seq = 0;
export const nextKey = () => ++seq;

export const sub = (code = 'a', value = ''): EditSub => ({ k: nextKey(), code, value });
export const newField = (tag = '', ...subs: [string, string][]): EditField => ({
  k: nextKey(),
  tag,
  value: '',
  ind1: ' ',
  ind2: ' ',
  subs: subs.length ? subs.map(([c, v]) => sub(c, v)) : [sub()],
});

export function fromMarc(r: MarcRecord): EditRecord {
  return {
    leader: r.leader,
    fields: r.fields.map((f) =>
      'value' in f
        ? { k: nextKey(), tag: f.tag, value: f.value, ind1: ' ', ind2: ' ', subs: [] }
        : {
            k: nextKey(),
            tag: f.tag,
            value: '',
            ind1: f.ind1,
            ind2: f.ind2,
            subs: f.subfields.map((s) => sub(s.code, s.value)),
          },
    ),
  };
}

/** What `P/Marc/Post` and `marcIssues` take. */
export function toPlain(r: EditRecord): MarcEditRecord {
  return {
    leader: r.leader,
    fields: r.fields.map((f) =>
      isControlTag(f.tag)
        ? { tag: f.tag, value: f.value }
        : { tag: f.tag, ind1: f.ind1, ind2: f.ind2, subfields: f.subs.map((s) => ({ code: s.code, value: s.value })) },
    ),
  };
}

/** Issues by path without the `record.` prefix the server adds; several texts per path. */
export function issueMap(issues: { path: string; message: string }[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const i of issues) {
    const p = i.path.replace(/^record\./, '');
    m.set(p, [...(m.get(p) ?? []), i.message]);
  }
  return m;
}

export const translateIssues = (issues: MarcIssue[], t: (k: string, p?: Record<string, unknown>) => string) =>
  issues.map((i) => ({ path: i.path, message: t(i.key, i.params) }));
