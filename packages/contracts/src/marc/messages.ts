import type { MarcErrorCode, MarcWarningCode } from './record.ts';

/**
 * What the import report says for each reader code, in both languages. The server registers them as
 * `marc.error.<CODE>` / `marc.warning.<CODE>` (registerMessages); the web shows the same texts.
 */
export const MARC_ERROR_TEXT: Record<MarcErrorCode, { zh: string; en: string }> = {
  TRUNCATED_RECORD: {
    zh: '记录不完整（文件在记录结束前截断）',
    en: 'The record is incomplete (the file ends inside it)',
  },
  BAD_LEADER: {
    zh: '头标区无效：记录长度或数据起始地址不是数字',
    en: 'Bad leader: record length or base address is not a number',
  },
  RECORD_LENGTH_MISMATCH: {
    zh: '头标区记录长度与实际长度不符',
    en: 'The record length in the leader does not match the record',
  },
  BAD_BASE_ADDRESS: { zh: '数据起始地址无效', en: 'The base address of data is invalid' },
  BAD_DIRECTORY: { zh: '目次区无效', en: 'The directory is invalid' },
  FIELD_OUT_OF_BOUNDS: { zh: '字段超出记录范围', en: 'A field runs past the end of the record' },
  FIELD_LENGTH_MISMATCH: {
    zh: '字段长度与字段结束符位置不符',
    en: 'A field length does not match its field terminator',
  },
  INVALID_UTF8: {
    zh: '记录声明为 UTF-8，但包含无效的 UTF-8 字符',
    en: 'The record says UTF-8 but contains invalid UTF-8',
  },
  XML_MALFORMED: { zh: 'XML 格式错误，之后的内容无法读取', en: 'Malformed XML; nothing after this point can be read' },
  XML_BAD_RECORD: {
    zh: 'MARCXML 记录缺少头标区、字段号或子字段代码',
    en: 'A MARCXML record lacks its leader, a tag or a subfield code',
  },
};

export const MARC_WARNING_TEXT: Record<MarcWarningCode, { zh: string; en: string }> = {
  LEADER_REPAIRED: { zh: '头标区的固定值已修正', en: 'Fixed values in the leader were repaired' },
  CHARSET_ASSUMED_UTF8: { zh: '未声明字符集，按 UTF-8 读取', en: 'No character set declared; read as UTF-8' },
  CHARSET_ASSUMED_GB18030: {
    zh: '未声明字符集，按 GB18030（GBK）读取',
    en: 'No character set declared; read as GB18030 (GBK)',
  },
  MARC8_UNMAPPED: {
    zh: '部分 MARC-8 字符无对应 Unicode 字符，已替换为 �',
    en: 'Some MARC-8 characters have no Unicode equivalent and became �',
  },
  JUNK_SKIPPED: { zh: '记录之间的多余字节已跳过', en: 'Stray bytes between records were skipped' },
  LENGTHS_IN_CHARACTERS: {
    zh: '头标区和目次区的长度按字符而非字节计算，已按字符读取',
    en: 'The leader and directory count characters instead of bytes; read by characters',
  },
  CHARSET_MARC8_DETECTED: {
    zh: '记录声明为 UTF-8，但数据是 MARC-8，已按 MARC-8 读取',
    en: 'The record says UTF-8 but its data is MARC-8; read as MARC-8',
  },
};
