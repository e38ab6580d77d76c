import { describe, expect, it } from 'vitest';
import { children, readOne } from './ber.ts';
import { idAuthentication, initRequest, readInit, recordCharset, utf8Proposal } from './z3950-init.ts';

/**
 * The Init's BER against bytes other software wrote: yaz-client 5.34's Init after `auth alice g1 secret` and
 * `charset UTF-8` (captured on a socket), and yaz-ztest 5.34's InitResponse to it; the UTF-8 acceptance and the
 * refusal are written by hand from the Z39.50-1995 ASN.1 (charneg-3, DiagnosticFormat diag-1, UserInfo-1).
 */
const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

// yaz-client: idAuthentication [7] { idPass SEQUENCE { groupId [0] "g1", userId [1] "alice", password [2] "secret" } }
const YAZ_ID_PASS = 'a715 3013 8002 6731 8105 616c696365 8206 736563726574';
// yaz-client: otherInfo [201] { SEQUENCE { [4] EXTERNAL { 1.2.840.10003.15.3, [0] { proposal [1] {
//   proposedCharSets [1] { iso10646 [2] { encodingLevel [2] 1.0.10646.1.0.8 } }, recordsInSelectedCharSets [3] TRUE } } } } }
const YAZ_PROPOSAL = 'bf8149 20 301e a41c 06072a8648ce130f03 a011 a10f a10a a208 820628d316010008 830101';
// yaz-ztest's InitResponse (indefinite length, as yaz writes it): accepted, and its charneg answer — a private
// character set, externallySpecified "ISO-8859-1", records NOT in it (ztest's backend sets query_charset only).
const ZTEST_INIT_RESPONSE = `b580 830200e0 840400e9a240 850404000000 860404000000 8c0101 9f6e023831
  9f6f074746532f59415a 9f702f352e33342e302064656330633861306237363231333234363863633832363463316232323065616531633637626437
  bf814932 3030 a42e 06072a8648ce130f03 a023 a221 a11c a31a a218 060a2a8648ce130f87685101 810a49534f2d383835392d31 830100 0000`;
// By hand: the same TargetResponse choosing iso10646 UTF-8 with records in it (response [2] in place of proposal [1]).
const UTF8_RESPONSE = 'bf8149 20 301e a41c 06072a8648ce130f03 a011 a20f a10a a208 820628d316010008 830101';
// By hand: a refused Init: result [12] FALSE; userInformationField [11] EXTERNAL { userInfo-1 1.2.840.10003.10.3,
// [0] OtherInformation [201] { SEQUENCE { [4] EXTERNAL { diag-1 1.2.840.10003.4.2, [0] DiagnosticFormat
// { SEQUENCE { [1] { defaultDiagRec [1] { bib-1 1.2.840.10003.4.1, 1011, VisibleString "alice" } } } } } } } }
const REFUSED = `8c0100 ab3c 283a 06072a8648ce130a03 a02f bf81492b 3029 a427 06072a8648ce130402 a01c 301a 3018
  a116 a114 06072a8648ce130401 020203f3 1a05616c696365`;

const initParts = (bytes: Buffer) => children(bytes);

describe('Z39.50 Init: sign-in and character-set negotiation', () => {
  it('encodes idPass {group, user, password} exactly as yaz-client does', () => {
    expect(idAuthentication({ user: 'alice', group: 'g1', password: 'secret' }).toString('hex')).toBe(
      hex(YAZ_ID_PASS).toString('hex'),
    );
    // Without a group (and password) those elements are left out: userId alone.
    expect(idAuthentication({ user: 'u' }).toString('hex')).toBe('a7053003810175');
  });

  it('proposes UTF-8 as yaz-client does (TRUE written as FF, the DER form, where yaz writes 01)', () => {
    expect(utf8Proposal().toString('hex')).toBe(hex(YAZ_PROPOSAL).toString('hex').replace(/01$/, 'ff'));
  });

  it('sends the sign-in and the proposal only when asked, and flags negotiationModel then', () => {
    const plain = children(readOne(initRequest(1, { negotiate: false })).content);
    expect(plain.map((n) => n.tag)).toEqual([2, 3, 4, 5, 6, 110, 111, 112]);
    const full = children(readOne(initRequest(1, { negotiate: true, auth: { user: 'alice' } })).content);
    expect(full.map((n) => n.tag)).toEqual([2, 3, 4, 5, 6, 7, 110, 111, 112, 201]);
    // options [4]: search, present, namedResultSets, negotiationModel (bit 17).
    expect(full[2].content.toString('hex')).toBe('00c00240');
  });

  it("reads yaz-ztest's answer: accepted, ISO-8859-1 chosen, records not in it, so records are read as set", () => {
    const init = readInit(children(readOne(hex(ZTEST_INIT_RESPONSE)).content));
    expect(init).toEqual({ accepted: true, refusal: null, negotiated: { charset: 'ISO-8859-1', records: false } });
    expect(recordCharset('auto', init.negotiated)).toBe('auto');
  });

  it('decodes records as UTF-8 when the target chose UTF-8 for records, unless the source is set otherwise', () => {
    const init = readInit(initParts(Buffer.concat([hex('8c0101'), hex(UTF8_RESPONSE)])));
    expect(init.negotiated).toEqual({ charset: 'UTF-8', records: true });
    expect(recordCharset('auto', init.negotiated)).toBe('utf8');
    expect(recordCharset('utf8', init.negotiated)).toBe('utf8');
    expect(recordCharset('gb18030', init.negotiated)).toBe('gb18030');
    expect(recordCharset('auto', { charset: 'UTF-8', records: false })).toBe('auto');
    expect(recordCharset('auto', null)).toBe('auto');
  });

  it('reads a refusal and the Bib-1 diagnostic nested in userInformationField', () => {
    expect(readInit(initParts(hex(REFUSED)))).toEqual({
      accepted: false,
      refusal: 'Init/AC: Bad Userid and/or Password (1011): alice',
      negotiated: null,
    });
    expect(readInit(initParts(hex('8c0100'))).refusal).toBeNull();
  });
});
