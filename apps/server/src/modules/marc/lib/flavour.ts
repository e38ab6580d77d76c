import { isDataField, type MarcFlavour, type MarcRecord } from '@shuyuan/contracts/marc/record';

/**
 * MARC21 or UNIMARC (CNMARC, CMARC)? The leader cannot tell (both are ISO 2709 with the same layout), so
 * the fields decide: 245 + a 40-character 008 are MARC21's title and fixed data; 200 (title block) + a 100
 * whose $a starts with an 8-digit date is UNIMARC's. Ties go to MARC21, the more common format.
 */
export function detectFlavour(record: MarcRecord): MarcFlavour {
  let marc21 = 0;
  let unimarc = 0;
  for (const f of record.fields) {
    switch (f.tag) {
      case '245':
        marc21 += 3;
        break;
      case '008':
        if ('value' in f && f.value.length >= 38) marc21 += 2;
        break;
      case '200':
        if (isDataField(f) && f.subfields.some((s) => s.code === 'a')) unimarc += 3;
        break;
      case '100':
        if (isDataField(f) && /^\d{8}[a-z]/.test(f.subfields.find((s) => s.code === 'a')?.value ?? '')) unimarc += 2;
        break;
      case '020':
      case '040':
      case '260':
      case '264':
      case '300':
        marc21 += 1;
        break;
      case '010':
      case '101':
      case '210':
      case '215':
      case '801':
        unimarc += 1;
        break;
    }
  }
  return unimarc > marc21 ? 'UNIMARC' : 'MARC21';
}
