import { registerMessages } from '../../platform/i18n/messages.ts';

/** Server texts of copy cataloguing: source form, look-up failures (one per SRU error code), endpoint names. */
registerMessages({
  'capture.nameRequired': { zh: '请输入数据源名称', en: 'Please enter a name for the source' },
  'capture.urlRequired': { zh: '请输入服务地址', en: 'Please enter the server address' },
  'capture.urlInvalid': {
    zh: '服务地址应以 http:// 或 https:// 开头（Z39.50 为“主机:端口”）',
    en: 'The server address must start with http:// or https:// (Z39.50: host:port)',
  },
  'capture.urlNotSru': {
    zh: 'SRU 数据源的服务地址应以 http:// 或 https:// 开头',
    en: 'An SRU source’s address must start with http:// or https://',
  },
  'capture.urlNotZ3950': {
    zh: 'Z39.50 数据源的服务地址应为“主机:端口”，如 lx2.loc.gov:210',
    en: 'A Z39.50 source’s address is host:port, e.g. lx2.loc.gov:210',
  },
  'capture.databaseRequired': { zh: 'Z39.50 数据源须填写数据库名', en: 'A Z39.50 source needs a database name' },
  'capture.syntaxInvalid': {
    zh: 'Z39.50 记录格式应为 usmarc 或 unimarc',
    en: 'The Z39.50 record syntax is usmarc or unimarc',
  },
  'capture.searchEmpty': {
    zh: '请输入 ISBN、题名、责任者或关键词',
    en: 'Please enter an ISBN, a title, an author or a keyword',
  },
  'capture.isbnDiffers': {
    zh: '该记录的 ISBN（{{found}}）与查询的 ISBN {{asked}} 不同，请核对是否同一版本',
    en: 'The record’s ISBN ({{found}}) differs from the ISBN asked, {{asked}}: check it is the same edition',
  },
  'capture.isbnNone': { zh: '无', en: 'none' },
  'capture.knownUnknown': { zh: '没有这个常用数据源', en: 'There is no such well-known source' },
  'capture.knownAdded': { zh: '该数据源已添加', en: 'This source has already been added' },
  'capture.known.loc-lcdb': { zh: '美国国会图书馆（Z39.50）', en: 'Library of Congress (Z39.50)' },
  'capture.known.loc-sru': { zh: '美国国会图书馆（SRU）', en: 'Library of Congress (SRU)' },
  'capture.known.loc-voyager': {
    zh: '美国国会图书馆 Voyager（Z39.50）',
    en: 'Library of Congress Voyager (Z39.50)',
  },
  'capture.indexInvalid': {
    zh: '检索点只能包含字母、数字和 . : - _',
    en: 'The index may hold letters, digits and . : - _ only',
  },
  'capture.timeoutRange': { zh: '超时应在 1000–60000 毫秒之间', en: 'The timeout must be 1,000–60,000 ms' },
  'capture.isbnRequired': { zh: '请输入 ISBN', en: 'Please enter the ISBN' },
  'capture.isbnInvalid': { zh: 'ISBN 格式或校验位不正确', en: 'The ISBN is not valid (format or check digit)' },
  'capture.noSource': {
    zh: '未配置“{{name}}”的套录数据源，请在“套录数据源”中添加',
    en: 'No copy-cataloguing source is configured for "{{name}}"; add one under Copy-cataloguing sources',
  },
  'capture.notFound': {
    zh: '未找到 ISBN {{isbn}} 的书目（{{detail}}）',
    en: 'No record found for ISBN {{isbn}} ({{detail}})',
  },
  'capture.badRecord': {
    zh: '{{source}} 返回的记录无法使用：{{detail}}',
    en: 'The record from {{source}} cannot be used: {{detail}}',
  },
  'capture.noClc': {
    zh: '{{source}} 的记录中没有中图法分类号',
    en: 'The record from {{source}} has no CLC class number',
  },
  'capture.noDewey': { zh: '{{source}} 的记录中没有杜威分类号', en: 'The record from {{source}} has no Dewey number' },
  'capture.noLexile': {
    zh: '{{source}} 的记录中没有阅读分级（蓝思值）',
    en: 'The record from {{source}} has no reading level (Lexile)',
  },
  'capture.noCover': { zh: '{{source}} 的记录中没有封面图片', en: 'No cover image is available from {{source}}' },
  'capture.error.UNREACHABLE': { zh: '无法连接服务器（{{detail}}）', en: 'cannot reach the server ({{detail}})' },
  'capture.error.TIMEOUT': { zh: '服务器响应超时（{{detail}}）', en: 'the server did not answer in time ({{detail}})' },
  'capture.error.HTTP': {
    zh: '服务器返回错误（HTTP {{detail}}）',
    en: 'the server answered with an error (HTTP {{detail}})',
  },
  'capture.error.BAD_RESPONSE': {
    zh: '服务器的回应不是 SRU 或 Z39.50 格式',
    en: 'the answer is not an SRU or Z39.50 response',
  },
  'capture.error.DIAGNOSTIC': { zh: '服务器报告：{{detail}}', en: 'the server reports: {{detail}}' },
  'capture.error.NO_RECORDS': { zh: '没有记录', en: 'no records' },
  'capture.error.REFUSED': {
    zh: '数据源拒绝了登录，请核对用户名、用户组和密码（{{detail}}）',
    en: 'the source refused the sign-in; check the user, group and password ({{detail}})',
  },
  'capture.error.REFUSED_PLAIN': {
    zh: '数据源拒绝了登录，请核对用户名、用户组和密码',
    en: 'the source refused the sign-in; check the user, group and password',
  },
  'capture.error.BLOCKED': {
    zh: '该地址位于本机或内网，本服务器不允许访问（{{detail}}）',
    en: 'the address is on this computer or a private network, which this server does not allow ({{detail}})',
  },
  'capture.route.MarcDataGrad': { zh: 'MARC 套录', en: 'MARC copy cataloguing' },
  'capture.route.LibraryDataGradDDW': { zh: '书目套录（DDW）', en: 'Record capture (DDW)' },
  'capture.route.LibraryDataGradZGTSW': { zh: '书目套录（ZGTSW）', en: 'Record capture (ZGTSW)' },
  'capture.route.LibraryDataGradOCRC': { zh: '书目套录（OCRC）', en: 'Record capture (OCRC)' },
  'capture.route.LibraryDataGradLanree': { zh: '书目套录（Lanree）', en: 'Record capture (Lanree)' },
  'capture.route.LibraryDataGrad_SHTSG': { zh: '书目套录（上海图书馆）', en: 'Record capture (Shanghai Library)' },
  'capture.route.Scholastic': { zh: 'Scholastic', en: 'Scholastic' },
  'capture.route.SYZNCatalogue': { zh: '书目套录（SYZN）', en: 'Record capture (SYZN)' },
  'capture.route.ItemsImgGradChi': { zh: '中文封面', en: 'Chinese covers' },
  'capture.route.ItemsImgGradEng': { zh: '外文封面', en: 'English covers' },
  'capture.route.GetChiIndexNum': { zh: '中图法分类号', en: 'CLC class number' },
  'capture.route.GetDwIndexNum': { zh: '杜威分类号', en: 'Dewey number' },
  'capture.route.GetLeXile': { zh: '蓝思阅读分级', en: 'Lexile reading level' },
});
