import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { button, loose, toast, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { addBook, useAdminOnPg } from './support/pg-admin.ts';

/**
 * Teachers' recommendations (issue 16): the librarian adds a label at /recommended-teacher-label, recommends a book to
 * a class at /recommended-teacher (approved at once: the admin holds the audit verb) and pushes it; the pushed
 * recommendation is on the public site's list.
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const s = useAdminOnPg('recommend');
const modal = () => s.page.locator('.ant-modal-wrap:visible .ant-modal');
const field = (label: string) =>
  modal()
    .locator('.ant-form-item')
    .filter({ has: s.page.locator('label').filter({ hasText: loose(label) }) });

describe("teachers' recommendations", () => {
  it('labels, recommends a book to a class, pushes it, and the public site lists it', async () => {
    const recordId = await addBook(s, '草房子（荐书）', '曹文轩', ['RC2026-1']);
    const grade = await s.call(`${P}/Org/AddGrade`, { name: '五年级（荐书）' });
    const cls = await s.call(`${P}/Org/AddClass`, { name: '5-1班', gradeId: grade.id });

    const LABELS = '/recommended-teacher-label';
    await s.page.goto(`${s.server.url}/library/#${LABELS}`);
    const labels = view(s.page, LABELS);
    await button(labels, zh('kit.action.add')).click();
    await field(zh('reviews.label.name')).locator('input').fill('成长');
    await button(modal(), zh('kit.form.save')).click();
    await toast(s.page, zh('kit.saved')).first().waitFor();
    await labels.locator('.ant-table-row').filter({ hasText: '成长' }).waitFor();
    const [label] = (await s.call(`${P}/Recommend/GetLabelList`, { Rows: 50 })).List;

    // Made through the API (the record picker searches the catalogue); the screen approves nothing more.
    await s.call(`${P}/Recommend/AddRecommendation`, {
      recordId,
      reason: '写给每个孩子的成长故事',
      labelIds: [label.id],
      classIds: [cls.id],
    });
    const PATH = '/recommended-teacher';
    await s.page.goto(`${s.server.url}/library/#${PATH}`);
    const screen = view(s.page, PATH);
    const row = screen.locator('.ant-table-row').filter({ hasText: '草房子（荐书）' });
    await row.getByText(zh('reviews.recommend.state.approved')).waitFor();
    await row.getByText('成长', { exact: true }).waitFor();
    await button(row, zh('reviews.recommend.push')).click();
    await toast(s.page, zh('reviews.recommend.pushedDone')).waitFor();
    await row.getByText(zh('reviews.recommend.pushedYes')).waitFor();
    await shot(s.page, 'recommend-pushed');

    const open = await s.call(`${P}/Search/TeacherRecommended`, { Page: 1, Rows: 10 });
    expect(open.List.map((r: { title: string }) => r.title)).toContain('草房子（荐书）');
  });
});
