import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { useTestApp } from '../../test/helper.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { makeCopies, makeReader } from './test-fixtures.ts';

const t = useTestApp();
let scope: Scope;
const save = (over: object) => t.post(`${P}/Literature/SaveEditingConfig`, over);

beforeAll(() => {
  scope = new Scope(t.schoolId);
});

describe('the AFI the desk writes to the tag after a loan and a return', () => {
  it('asks for the "lent" AFI on a loan and the "in library" AFI on a return of a tagged copy', async () => {
    expect((await save({ rfidReader: 'simulated', afi: '07', afiLoaned: 'C2' })).json.success).toBe(true);
    const r = await makeReader(t.db, scope);
    const [tagged, plain] = await makeCopies(t.db, scope, 2);
    await t.db.update(copy).set({ rfid: 'E004015012345678' }).where(eq(copy.barcode, tagged));

    const lent = await t.post(`${P}/Circulation/LiteratureCirc`, { readerBarcode: r.account, barcode: tagged });
    expect(lent.json.data.afiWrite).toEqual({ rfid: 'E004015012345678', afi: 'C2', reader: 'simulated' });
    const back = await t.post(`${P}/Circulation/LiteratureReturn`, { barcode: tagged });
    expect(back.json.data.afiWrite).toEqual({ rfid: 'E004015012345678', afi: '07', reader: 'simulated' });

    // A copy without a tag: nothing to write.
    const untagged = await t.post(`${P}/Circulation/LiteratureCirc`, { readerBarcode: r.account, barcode: plain });
    expect(untagged.json.data.afiWrite).toBeNull();
  });

  it('writes nothing with a keyboard-wedge reader (it cannot write) or without AFI values', async () => {
    const r = await makeReader(t.db, scope);
    const [tagged] = await makeCopies(t.db, scope, 1);
    await t.db.update(copy).set({ rfid: 'E0040150AAAA0001' }).where(eq(copy.barcode, tagged));
    await save({ rfidReader: 'keyboard', afi: '07', afiLoaned: 'C2' });
    const lent = await t.post(`${P}/Circulation/LiteratureCirc`, { readerBarcode: r.account, barcode: tagged });
    expect(lent.json.data.afiWrite).toBeNull();
    await save({ rfidReader: 'simulated', afi: '', afiLoaned: '' });
    const back = await t.post(`${P}/Circulation/LiteratureReturn`, { barcode: tagged });
    expect(back.json.success).toBe(true);
    expect(back.json.data.afiWrite).toBeNull();
  });
});
