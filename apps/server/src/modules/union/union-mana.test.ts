import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { fixtures } from '../holdings/test-fixtures.ts';
import { makeUnion, unionSchool } from './test-fixtures.ts';

const t = useTestApp();

describe('union management', () => {
  it('a school creates a union and is its creator; the union name is required with its own message', async () => {
    const a = await unionSchool(t, 'mana-a');
    const empty = await a.call('AddUnion', { name: ' ' }, 'zh');
    expect(empty.json.issues).toEqual([{ path: 'name', message: '请输入联盟名称' }]);
    const made = await a.call('AddUnion', { name: '东城区学校联盟', remark: 'district' });
    expect(made.json.code).toBe(0);
    const again = await a.call('AddUnion', { name: '东城区学校联盟' });
    expect(again.json.msg).toBe('The union name "东城区学校联盟" is already taken');
    const members = await a.call('GetMembers', { unionId: made.json.data.id });
    expect(members.json.data).toMatchObject([{ schoolId: a.id, role: 'creator', status: 'passed' }]);
  });

  it('applications go pending → rejected → pending again → passed; a decided one cannot be decided again', async () => {
    const a = await unionSchool(t, 'mana-b1');
    const b = await unionSchool(t, 'mana-b2');
    const { unionId } = await makeUnion(a, [], 'Apply union');
    const applied = await b.call('ApplyUnion', { unionId, message: 'please' });
    const memberId = applied.json.data.id;
    const listed = await b.call('GetUnionList', { SearchKey: 'Apply union' });
    expect(listed.json.data.List[0]).toMatchObject({ name: 'Apply union', members: 1, mine: { status: 'pending' } });
    // A pending school sees no members yet.
    expect((await b.call('GetMembers', { unionId })).json.errorCode).toBe('UNION_NOT_MEMBER');
    expect((await b.call('ReviewMember', { memberId, pass: true })).json.errorCode).toBe('UNION_NOT_MEMBER');
    expect((await a.call('ReviewMember', { memberId, pass: false, reason: 'not yet' })).json.code).toBe(0);
    expect((await a.call('ReviewMember', { memberId, pass: true })).json.msg).toBe(
      'This application has already been decided',
    );
    expect((await b.call('ApplyUnion', { unionId })).json.code).toBe(0);
    expect((await b.call('ApplyUnion', { unionId })).json.errorCode).toBe('UNION_ALREADY');
    expect((await a.call('ReviewMember', { memberId, pass: true })).json.code).toBe(0);
    const members = (await b.call('GetMembers', { unionId })).json.data;
    expect(members.map((m: any) => [m.schoolId, m.role, m.status])).toEqual([
      [a.id, 'creator', 'passed'],
      [b.id, 'member', 'passed'],
    ]);
  });

  it('invitations are answered by the invited school', async () => {
    const a = await unionSchool(t, 'mana-c1');
    const c = await unionSchool(t, 'mana-c2');
    const { unionId } = await makeUnion(a, [], 'Invite union');
    expect((await a.call('InviteSchool', { unionId, schoolCode: 'nope' })).json.issues[0]).toMatchObject({
      path: 'schoolCode',
      message: 'No school has this code',
    });
    const inv = await a.call('InviteSchool', { unionId, schoolCode: c.code });
    const memberId = inv.json.data.id;
    expect((await c.call('GetMyInvitations')).json.data).toMatchObject([{ memberId, name: 'Invite union' }]);
    expect((await a.call('ReviewMember', { memberId, pass: true })).json.errorCode).toBe('UNION_ROLE');
    expect((await c.call('ReviewMember', { memberId, pass: true })).json.code).toBe(0);
    expect((await c.call('GetMyUnions')).json.data).toMatchObject([{ id: unionId, role: 'member' }]);
  });

  it('roles: only the creator names administrators; administrators review; ordinary members cannot', async () => {
    const a = await unionSchool(t, 'mana-d1');
    const b = await unionSchool(t, 'mana-d2');
    const c = await unionSchool(t, 'mana-d3');
    const d = await unionSchool(t, 'mana-d4');
    const { unionId, members } = await makeUnion(a, [b, c], 'Roles union');
    const applied = await d.call('ApplyUnion', { unionId });
    // An ordinary member cannot review, name administrators or remove members.
    expect((await c.call('ReviewMember', { memberId: applied.json.data.id, pass: true })).json.msg).toBe(
      "Only the union's creator or administrators may do this",
    );
    expect((await c.call('SetMemberRole', { memberId: members[b.id], role: 'admin' })).json.errorCode).toBe(
      'UNION_ROLE',
    );
    expect((await c.call('RemoveMember', { memberId: members[b.id] })).json.errorCode).toBe('UNION_ROLE');
    // Pending applications are shown to managers only.
    expect((await c.call('GetMembers', { unionId })).json.data).toHaveLength(3);
    expect((await a.call('SetMemberRole', { memberId: members[b.id], role: 'admin' })).json.code).toBe(0);
    expect((await b.call('GetMembers', { unionId })).json.data).toHaveLength(4);
    expect((await b.call('ReviewMember', { memberId: applied.json.data.id, pass: true })).json.code).toBe(0);
    // A school user without the audit permission is refused whatever the school's union role.
    const clerk = await buildUser(t.db, b.id, { permissions: ['union.union-mana'] });
    const res = await t.post(
      `${P}/Union/ReviewMember`,
      { memberId: applied.json.data.id, pass: false },
      { token: clerk.token, schoolId: b.id },
    );
    expect(res.status).toBe(403);
  });

  it('the creator cannot leave without handing over or dissolving; members leave', async () => {
    const a = await unionSchool(t, 'mana-e1');
    const b = await unionSchool(t, 'mana-e2');
    const { unionId, members } = await makeUnion(a, [b], 'Leave union');
    expect((await a.call('LeaveUnion', { unionId })).json.msg).toBe(
      'The creator cannot leave: hand the union over to another member or dissolve it',
    );
    expect((await b.call('DissolveUnion', { unionId })).json.errorCode).toBe('UNION_ROLE');
    expect((await a.call('HandOver', { memberId: members[b.id] })).json.code).toBe(0);
    expect((await a.call('LeaveUnion', { unionId })).json.code).toBe(0);
    const left = (await b.call('GetMembers', { unionId })).json.data;
    expect(left).toMatchObject([{ schoolId: b.id, role: 'creator' }]);
    expect((await b.call('DissolveUnion', { unionId })).json.code).toBe(0);
    expect((await b.call('GetMyUnions')).json.data).toEqual([]);
  });

  it("sharing takes only the school's own locations and resource types", async () => {
    const a = await unionSchool(t, 'mana-f1');
    const b = await unionSchool(t, 'mana-f2');
    const { unionId } = await makeUnion(a, [b], 'Share union');
    const fb = fixtures(t.db, b.id);
    const locB = await fb.location((await fb.branch()).id);
    const fa = fixtures(t.db, a.id);
    const locA = await fa.location((await fa.branch()).id);
    const bad = await b.call('SaveSharing', {
      unionId,
      share: 'lending',
      locationIds: [locA.id],
      resourceTypeIds: null,
    });
    expect(bad.json.issues).toEqual([
      { path: 'locationIds', message: "Choose only your school's locations and resource types" },
    ]);
    const ok = await b.call('SaveSharing', {
      unionId,
      share: 'lending',
      locationIds: [locB.id],
      resourceTypeIds: null,
    });
    expect(ok.json.code).toBe(0);
    const got = (await b.call('GetSharing', { unionId })).json.data;
    expect(got).toMatchObject({ share: 'lending', locationIds: [locB.id], resourceTypeIds: null });
    expect(got.locations.map((l: any) => l.id)).toEqual([locB.id]);
  });

  it('a user without the union permissions is refused', async () => {
    const a = await unionSchool(t, 'mana-g1');
    const plain = await buildUser(t.db, a.id, { permissions: ['resource-mana.resource.catalog'] });
    for (const url of ['GetUnionList', 'GetMyUnions', 'AddUnion']) {
      const res = await t.post(`${P}/Union/${url}`, { name: 'x' }, { token: plain.token, schoolId: a.id });
      expect(res.status, url).toBe(403);
    }
  });
});
