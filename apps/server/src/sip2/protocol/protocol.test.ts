import { describe, expect, it } from 'vitest';
import { decode, encode } from './charset.ts';
import { checksum, verifyChecksum } from './checksum.ts';
import { buildMessage, fieldValue, fieldValues, parseMessage, type SipParseError } from './codec.ts';
import { formatSipDate, parseSipDate } from './date.ts';
import { MESSAGES, type MessageCode } from './messages.ts';
import { count4, formatPatronStatus, parsePatronStatus, parseSummary } from './values.ts';

const ascii = (s: string) => Buffer.from(s, 'latin1');

describe('SIP2 checksum', () => {
  it('matches the examples of the 3M SIP2 spec', () => {
    expect(checksum(ascii('9900302.00AY1AZ'))).toBe('FCA5');
    expect(checksum(ascii('96AZ'))).toBe('FEF6');
    expect(checksum(ascii('97AZ'))).toBe('FEF5');
    expect(verifyChecksum(ascii('9900302.00AY1AZFCA5'))).toBe('ok');
    expect(verifyChecksum(ascii('9900302.00AY1AZfca5'))).toBe('ok');
  });

  it('detects a changed byte and a missing checksum', () => {
    expect(verifyChecksum(ascii('9900302.00AY2AZFCA5'))).toBe('bad');
    expect(verifyChecksum(ascii('9900302.00AY1AZFCA6'))).toBe('bad');
    expect(verifyChecksum(ascii('9900302.00'))).toBe('absent');
  });

  it('builds the spec example byte for byte', () => {
    const m = buildMessage('99', { statusCode: '0', maxPrintWidth: '030', protocolVersion: '2.00' }, [], {
      errorDetection: true,
      sequence: '1',
    });
    expect(m.text).toBe('9900302.00AY1AZFCA5');
    expect(buildMessage('96', {}, [], { errorDetection: true, sequence: '4' }).text).toBe('96AZFEF6');
  });
});

describe('SIP2 codec', () => {
  it('parses the spec status message with AY right after the fixed part', () => {
    const m = parseMessage('9900302.00AY1AZFCA5');
    expect(m).toMatchObject({ code: '99', sequence: '1', errorDetection: true, fields: [] });
    expect(m.fixed).toEqual({ statusCode: '0', maxPrintWidth: '030', protocolVersion: '2.00' });
  });

  it('parses a login whose first field follows the fixed part', () => {
    const m = parseMessage('9300CNkiosk1|COsecret|CPLOC-A|AY0AZF000');
    expect(fieldValue(m, 'CN')).toBe('kiosk1');
    expect(fieldValue(m, 'CO')).toBe('secret');
    expect(fieldValue(m, 'CP')).toBe('LOC-A');
    expect(m.sequence).toBe('0');
  });

  it('round-trips every message of the list with fixed and repeated variable fields', () => {
    for (const code of Object.keys(MESSAGES) as MessageCode[]) {
      const fixed = Object.fromEntries(
        MESSAGES[code].fixed.map(([name, len], i) => [name, String.fromCharCode(65 + (i % 26)).repeat(len)]),
      );
      const fields: [string, string][] =
        code === '96' || code === '97'
          ? []
          : [
              ['AO', 'SCH1'],
              ['AU', 'item 1'],
              ['AU', 'item 2'],
              ['AF', '请到服务台'],
            ];
      const built = buildMessage(code, fixed, fields, { errorDetection: true, sequence: '7' });
      expect(verifyChecksum(built.bytes)).toBe('ok');
      const back = parseMessage(decode(built.bytes, 'utf-8'));
      expect(back.code).toBe(code);
      expect(back.fixed).toEqual(fixed);
      expect(back.fields).toEqual(fields);
      expect(fieldValues(back, 'AU')).toEqual(fields.length ? ['item 1', 'item 2'] : []);
      expect(back.sequence).toBe(code === '96' || code === '97' ? undefined : '7');
    }
  });

  it('keeps a delimiter inside a value from splitting the message', () => {
    const built = buildMessage('94', { ok: '1' }, [['AF', 'a|b\rc']]);
    expect(parseMessage(built.text).fields).toEqual([['AF', 'a b c']]);
  });

  it('refuses unknown identifiers, short fixed parts and broken field codes', () => {
    const reason = (s: string) => {
      try {
        parseMessage(s);
      } catch (e) {
        return (e as SipParseError).reason;
      }
    };
    expect(reason('42abc')).toBe('unknown');
    expect(reason('11YN2024')).toBe('short');
    expect(reason('1720240101    120000AOx|a|')).toBe('malformed');
  });

  it('refuses a fixed field of the wrong length when building (a bug, not a message)', () => {
    expect(() => buildMessage('94', { ok: '10' }, [])).toThrow(/ok must be 1/);
  });
});

describe('SIP2 charsets', () => {
  it('encodes and decodes GBK, with the checksum over the GBK bytes', () => {
    const bytes = encode('中文书名', 'gbk');
    expect([...bytes]).toEqual([0xd6, 0xd0, 0xce, 0xc4, 0xca, 0xe9, 0xc3, 0xfb]);
    expect(decode(bytes, 'gbk')).toBe('中文书名');
    const built = buildMessage('94', { ok: '1' }, [['AF', '欢迎']], { charset: 'gbk', errorDetection: true });
    expect(built.bytes.length).toBe('941AF|AZ'.length + 4 + 4);
    expect(verifyChecksum(built.bytes)).toBe('ok');
    expect(parseMessage(decode(built.bytes, 'gbk')).fields).toEqual([['AF', '欢迎']]);
  });

  it('sends ? for characters GBK cannot express', () => {
    expect(decode(encode('a😀b', 'gbk'), 'gbk')).toBe('a?b');
  });
});

describe('SIP2 dates and values', () => {
  it('formats local school time with four blanks and parses local and UTC forms', () => {
    const d = new Date('2026-03-01T02:03:04Z');
    expect(formatSipDate(d, 'Asia/Shanghai')).toBe('20260301    100304');
    expect(parseSipDate('20260301    100304', 'Asia/Shanghai')?.toISOString()).toBe(d.toISOString());
    expect(parseSipDate('20260301   Z020304', 'Asia/Shanghai')?.toISOString()).toBe(d.toISOString());
    expect(parseSipDate('                  ', 'Asia/Shanghai')).toBeUndefined();
    expect(parseSipDate('2026030', 'Asia/Shanghai')).toBeUndefined();
  });

  it('builds the 14-position patron status and reads summaries and counts', () => {
    const s = formatPatronStatus({ chargePrivilegesDenied: true, tooManyItemsBilled: true });
    expect(s).toBe(`Y${' '.repeat(12)}Y`);
    expect(parsePatronStatus(s)).toEqual({ chargePrivilegesDenied: true, tooManyItemsBilled: true });
    expect(parseSummary('  Y       ')).toBe('charged');
    expect(parseSummary('          ')).toBeUndefined();
    expect(count4(7)).toBe('0007');
    expect(count4(undefined)).toBe('    ');
  });
});
