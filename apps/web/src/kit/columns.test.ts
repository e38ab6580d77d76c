import { describe, expect, it } from 'vitest';
import { applyColumnChoice, columnsKey } from './columns.tsx';

const cols = [
  { key: 'title', title: 'Title' },
  { key: 'dueDate', title: 'Due' },
  { key: 'email', title: 'E-mail' },
  { key: 'borrowedAt', title: 'Borrowed' },
];
const priorities = { email: 2, borrowedAt: 3 } as const;

describe('column priorities and the column chooser', () => {
  it('hides lower priorities on narrow screens: 2 from 1200 px (xl), 3 from 1600 px (xxl)', () => {
    const out = applyColumnChoice(cols, priorities, {});
    expect(out.map((c) => [c.key, c.responsive])).toEqual([
      ['title', undefined],
      ['dueDate', undefined],
      ['email', ['xl']],
      ['borrowedAt', ['xxl']],
    ]);
  });

  it('lets the user’s choice win: a ticked column shows at any width, an unticked one never', () => {
    const out = applyColumnChoice(cols, priorities, { email: true, dueDate: false });
    expect(out.map((c) => [c.key, c.responsive])).toEqual([
      ['title', undefined],
      ['email', undefined],
      ['borrowedAt', ['xxl']],
    ]);
  });

  it('remembers the choice per user and per table', () => {
    expect(columnsKey(7, 'reminders.due.overdue')).not.toBe(columnsKey(8, 'reminders.due.overdue'));
    expect(columnsKey(7, 'catalogue.records')).not.toBe(columnsKey(7, 'reminders.due.overdue'));
  });
});
