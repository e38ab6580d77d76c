import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { placeIssues, toBody, validate } from './convert.ts';
import { fenToYuan, formatMoney, yuanToFen } from './money.ts';
import type { ResourcePageDef } from './types.ts';

const Create = z.object({
  name: z.string().trim().min(1, 'x.nameRequired'),
  note: z.string().optional().default(''),
  price: z.number().int().min(0),
  state: z.number().int().default(1),
});
const def: ResourcePageDef = {
  area: 'A',
  entity: 'E',
  permission: 'p',
  title: 't',
  contracts: { create: Create, update: Create.extend({ id: z.number() }) },
  fields: [
    { name: 'name', label: 'l' },
    { name: 'note', label: 'l', type: 'textarea' },
    { name: 'price', label: 'l', type: 'money' },
    { name: 'state', label: 'l', type: 'select' },
    { name: 'code', label: 'l', inForm: 'add' },
    { name: 'shown', label: 'l', inForm: false },
  ],
};

describe('kit form conversion', () => {
  it('converts money between fen and yuan with 2 decimals', () => {
    expect(fenToYuan(1234)).toBe(12.34);
    expect(yuanToFen(12.345)).toBe(1235);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(formatMoney(5)).toBe('0.05');
    expect(yuanToFen(undefined)).toBeNull();
  });

  it('sends required untouched text as empty (so the contract says "required"), leaves optional ones out', () => {
    const body = toBody(def, 'add', { price: 100 });
    expect(body).toEqual({ name: '', price: 100 });
    expect(validate(Create, body, 'en')).toEqual([{ path: 'name', message: 'x.nameRequired' }]);
  });

  it('adds the id when editing and skips add-only and read-only fields', () => {
    const body = toBody(def, 'edit', { name: 'n', price: 1, state: 0, code: 'c', shown: 'x' }, { id: 7 });
    expect(body).toEqual({ name: 'n', price: 1, state: 0, id: 7 });
  });

  it("reports zod's own messages in the user's language", () => {
    const [zh] = validate(Create, { name: 'n', price: -1 }, 'zh');
    const [en] = validate(Create, { name: 'n', price: -1 }, 'en');
    expect(zh.path).toBe('price');
    expect(zh.message).toMatch(/[\u4e00-\u9fff]/);
    expect(en.message).toMatch(/too small/i);
  });
});

describe('placeIssues', () => {
  it('puts issues under their own, top or last-segment field and leaves the rest loose', () => {
    const { byField, loose } = placeIssues(
      [
        { path: 'code', message: 'duplicate' },
        { path: 'code', message: 'too long' },
        { path: 'address.city', message: 'city' },
        { path: 'meta.0.price', message: 'price' },
        { path: 'other', message: 'nowhere' },
      ],
      ['code', 'address', 'price'],
    );
    expect([...byField]).toEqual([
      ['code', ['duplicate', 'too long']],
      ['address', ['city']],
      ['price', ['price']],
    ]);
    expect(loose).toEqual(['nowhere']);
  });
});
