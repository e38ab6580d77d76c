import { describe, expect, it } from 'vitest';
import { LineSplitter, looksLikeSip } from './framing.ts';
import { maskSecrets, printable } from './sip2-log.ts';

describe('SIP2 framing', () => {
  it('splits on CR, LF and CR LF across chunks and skips empty lines', () => {
    const s = new LineSplitter(100);
    expect(s.push(Buffer.from('9900'))).toEqual([]);
    const lines = s.push(Buffer.from('302.00\r\n35x\n\r97\r'));
    expect(lines).not.toBe('overflow');
    expect((lines as Buffer[]).map(String)).toEqual(['9900302.00', '35x', '97']);
  });

  it('reports overflow for a line longer than the limit, with or without a terminator', () => {
    expect(new LineSplitter(10).push(Buffer.alloc(11, 0x41))).toBe('overflow');
    expect(new LineSplitter(10).push(Buffer.from(`${'9'.repeat(12)}\r`))).toBe('overflow');
    expect(new LineSplitter(10).push(Buffer.from(`${'9'.repeat(10)}\r`))).toHaveLength(1);
  });

  it('tells SIP lines from other traffic', () => {
    expect(looksLikeSip(Buffer.from('9900302.00'))).toBe(true);
    expect(looksLikeSip(Buffer.from('GET / HTTP/1.1'))).toBe(false);
    expect(looksLikeSip(Buffer.from([0x39, 0x39, 0x00]))).toBe(false);
    expect(looksLikeSip(Buffer.from('中文', 'utf8'))).toBe(false);
  });
});

describe('SIP2 log masking', () => {
  it('masks login and patron passwords wherever they stand', () => {
    expect(maskSecrets('9300CNkiosk|COpw|CPHALL|AY0AZF000')).toBe('9300CN***|CO***|CPHALL|AY0AZF000');
    expect(maskSecrets('2300120260301    101500AO|AAP1|AC|AD1234|')).toBe(
      '2300120260301    101500AO|AAP1|AC***|AD***|',
    );
    expect(maskSecrets('941')).toBe('941');
  });

  it('escapes control characters', () => {
    expect(printable('a\u0000b\u001b')).toBe('a\\x00b\\x1b');
  });
});
