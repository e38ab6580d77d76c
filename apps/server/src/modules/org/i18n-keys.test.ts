import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BranchCreate } from '@shuyuan/contracts/basic/branch';
import { LocationCreate } from '@shuyuan/contracts/basic/location';
import { ResourceTypeCreate } from '@shuyuan/contracts/basic/resource-type';
import { ShelfAreaCreate, ShelfCreate, ShelfPositionCreate } from '@shuyuan/contracts/basic/shelf';
import { MenuCreate } from '@shuyuan/contracts/menu/menu-types';
import { DepartmentCreate } from '@shuyuan/contracts/org/department';
import { OrganizationCreate } from '@shuyuan/contracts/org/organization';
import { PermissionGroupCreate } from '@shuyuan/contracts/org/permission-group';
import { GradeCreate, LearningStageCreate, SchoolClassCreate } from '@shuyuan/contracts/org/school-class';
import { SubjectCreate, TermCreate } from '@shuyuan/contracts/org/term';
import { hasMessage } from '../../platform/i18n/messages.ts';
import '../basic/basic.messages.ts';
import '../menu/menu.module.ts';
import './org.messages.ts';

const web = path.resolve(import.meta.dirname, '../../../../web/src/i18n');
function webHas(lang: string, key: string): boolean {
  const [domain, ...rest] = key.split('.');
  const file = path.join(web, lang, `${domain}.json`);
  if (!fs.existsSync(file)) return false;
  let node: any = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const p of rest) node = node?.[p];
  return typeof node === 'string' && node.length > 0;
}

/** Every message key a form can show (empty form, end before start) exists on the server and in both web languages. */
describe('validation messages of basic data and organisation', () => {
  const schemas: z.ZodType[] = [
    BranchCreate,
    ResourceTypeCreate,
    LocationCreate,
    ShelfCreate,
    ShelfPositionCreate,
    ShelfAreaCreate,
    DepartmentCreate,
    LearningStageCreate,
    GradeCreate,
    SchoolClassCreate,
    TermCreate,
    SubjectCreate,
    OrganizationCreate,
    PermissionGroupCreate,
    MenuCreate,
  ];
  const inputs = [{}, { name: 'x', startDate: '2030-02-02', endDate: '2030-02-01' }];
  const keys = new Set<string>();
  for (const s of schemas)
    for (const input of inputs) {
      const r = s.safeParse(input);
      if (!r.success) for (const i of r.error.issues) if (/^(basic|org|menu)\./.test(i.message)) keys.add(i.message);
    }

  it('finds the keys it checks', () => {
    expect(keys).toContain('org.term.endBeforeStart');
    expect(keys).toContain('basic.shelf.barcodeRequired');
    expect(keys.size).toBeGreaterThan(15);
  });

  it('has each key on the server and in zh and en on the web', () => {
    const missing = [...keys].filter((k) => !hasMessage(k) || !webHas('zh', k) || !webHas('en', k));
    expect(missing).toEqual([]);
  });
});
