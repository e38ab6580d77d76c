import { describe, expect, it } from 'vitest';
import { MARC_ERROR_TEXT, MARC_WARNING_TEXT } from './messages.ts';
import { MarcErrorCode, MarcWarningCode } from './record.ts';

describe('MARC reader messages', () => {
  it('has a zh and en text for every error and warning code', () => {
    for (const c of MarcErrorCode.options) expect(MARC_ERROR_TEXT[c].zh && MARC_ERROR_TEXT[c].en, c).toBeTruthy();
    for (const c of MarcWarningCode.options) expect(MARC_WARNING_TEXT[c].zh && MARC_WARNING_TEXT[c].en, c).toBeTruthy();
  });
});
