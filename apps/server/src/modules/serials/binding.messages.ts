import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server texts of binding (装订). */
registerMessages({
  'serials.binding.fromInvalid': {
    zh: '起始期号须为1到1000之间的整数',
    en: 'The start issue must be a whole number from 1 to 1000',
  },
  'serials.binding.toInvalid': {
    zh: '结束期号须为1到1000之间的整数',
    en: 'The end issue must be a whole number from 1 to 1000',
  },
  'serials.binding.endBeforeStart': { zh: '结束期号不能小于起始期号', en: 'End issue cannot be less than start issue' },
  'serials.binding.titleNotFound': { zh: '没有找到该刊物', en: 'The title was not found' },
  'serials.binding.volumeNotFound': { zh: '没有找到该合订本', en: 'The bound volume was not found' },
  'serials.binding.noIssues': {
    zh: '该年度第{{from}}至{{to}}期没有记录',
    en: 'No issue numbered {{from}} to {{to}} is listed for that year',
  },
  'serials.binding.noneArrived': {
    zh: '所选范围内没有已到的期次，无法装订',
    en: 'No issue of that range has arrived: there is nothing to bind',
  },
  'serials.binding.notArrived': {
    zh: '以下期次尚未到刊：{{issues}}。请先记到，或勾选“缺期也装订”',
    en: 'These issues have not arrived: {{issues}}. Check them in first, or tick "bind with missing issues"',
  },
  'serials.binding.noCopy': {
    zh: '以下期次没有可装订的在架册（已借出或已装订）：{{issues}}',
    en: 'These issues have no copy on the shelf left to bind (lent or bound already): {{issues}}',
  },
});
