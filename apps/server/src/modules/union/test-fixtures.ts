import type { TestContext } from '../../test/helper.ts';
import { buildSchool, buildUser } from '../../test/helper.ts';
import { P } from '@shuyuan/contracts/common/paths';

const U = `${P}/Union`;

/** A school of the test deployment with an administrator ('*') token. */
export async function unionSchool(t: TestContext, code: string) {
  const id = await buildSchool(t.db, { code, name: `${code} School` });
  const admin = await buildUser(t.db, id, { permissions: ['*'] });
  const call = (action: string, body: unknown = {}, lang: 'en' | 'zh' = 'en') =>
    t.post(`${U}/${action}`, body, { token: admin.token, schoolId: id, lang });
  return { id, code, token: admin.token, call };
}

export type UnionSchool = Awaited<ReturnType<typeof unionSchool>>;

/** `creator` creates a union and `others` apply and are passed; answers the union id and the member ids. */
export async function makeUnion(creator: UnionSchool, others: UnionSchool[], name: string) {
  const made = await creator.call('AddUnion', { name });
  if (made.json.code !== 0) throw new Error(JSON.stringify(made.json));
  const unionId = made.json.data.id as number;
  const members: Record<number, number> = {};
  for (const o of others) {
    const a = await o.call('ApplyUnion', { unionId });
    members[o.id] = a.json.data.id;
    const r = await creator.call('ReviewMember', { memberId: a.json.data.id, pass: true });
    if (r.json.code !== 0) throw new Error(JSON.stringify(r.json));
  }
  return { unionId, members };
}
