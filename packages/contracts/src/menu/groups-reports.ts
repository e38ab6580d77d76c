import { CRUDX, group, hiddenScreen, type Item, screen, VIEWX } from './menu-build.ts';

/** Statistics, Ledgers, Magazines (spec §2). */
export const reportGroups: Item[] = [
  group('statistics', '统计分析', 'Statistics', 'BarChartOutlined', [
    group('statistics.rank', '排行榜', 'Rankings', 'TrophyOutlined', [
      screen('/dayrank', '日排行', 'Daily ranking', 'FireOutlined', VIEWX),
      screen('/weekrank', '周排行', 'Weekly ranking (TOP100)', 'FireOutlined', VIEWX),
      screen('/monthrank', '月排行', 'Monthly ranking (TOP100)', 'FireOutlined', VIEWX),
      screen('/yearrank', '年排行', 'Yearly ranking', 'FireOutlined', VIEWX),
      screen('/collLendrank', '图书借阅排行', 'Most borrowed titles', 'OrderedListOutlined', VIEWX),
      screen('/catelendrank', '分类借阅排行', 'Loans by classification', 'OrderedListOutlined', VIEWX),
      screen('/deptlendrank', '部门借阅排行', 'Loans by department', 'OrderedListOutlined', VIEWX),
      screen('/classlendrank', '班级借阅排行', 'Loans by class', 'OrderedListOutlined', VIEWX),
      screen('/deptuserrank', '部门读者排行', 'Top readers by department', 'CrownOutlined', VIEWX),
      screen('/classuserrank', '班级读者排行', 'Top readers by class', 'CrownOutlined', VIEWX),
    ]),
    // 'edit': the figures of the library standard the standards report compares with.
    screen('/collection-statistic', '馆藏统计', 'Collection statistics', 'PieChartOutlined', ['export', 'edit']),
    screen('/circulate-statistic', '流通统计', 'Circulation statistics', 'LineChartOutlined', VIEWX),
    screen('/resourcecicr', '资源流通统计', 'Circulation by resource', 'AreaChartOutlined', VIEWX),
    screen('/dept-borrowstatistic', '部门借阅统计', 'Department loan statistics', 'BarChartOutlined', VIEWX),
    screen('/class-borrowstatistic', '班级借阅统计', 'Class loan statistics', 'BarChartOutlined', VIEWX),
    screen('/zero-borrow-person', '零借阅读者', 'Readers without loans', 'UserDeleteOutlined', VIEWX),
    screen('/zero-borrow-book', '零借阅图书', 'Items never borrowed', 'DisconnectOutlined', VIEWX),
    screen('/data-report/classify5', '五大部类统计', 'Report by 5 main classes', 'TableOutlined', VIEWX),
    screen('/classify22', '二十二大类统计', 'Report by 22 classes', 'TableOutlined', VIEWX),
    screen('/inoutstatistic', '出入馆统计', 'Entry and exit statistics', 'InteractionOutlined', VIEWX),
    screen('/counter-statistics', '工作量统计', 'Desk workload statistics', 'CalculatorOutlined', VIEWX),
    screen('/statistical-purchasing', '采购统计', 'Acquisition statistics', 'ShoppingCartOutlined', VIEWX),
    // 'add' / 'delete': the school's saved queries.
    screen('/statistical-queries', '统计查询', 'Statistical queries', 'FundOutlined', ['add', 'delete', 'export']),
    hiddenScreen('/statistical-querie-table', '统计查询结果', 'Statistical query result', 'TableOutlined', VIEWX),
    screen('/alarm-record', '报警记录', 'Security gate alarms', 'AlertOutlined', VIEWX),
  ]),
  group('ledgers', '账簿管理', 'Ledgers', 'AccountBookOutlined', [
    screen('/ledger', '总括登记账', 'Accession ledger', 'AccountBookOutlined', VIEWX),
    screen('/store', '入藏登记', 'Accessions', 'ContainerOutlined', ['add', 'export']),
    screen('/singlebatch', '单批次个别登记账', 'Item register, one batch', 'SnippetsOutlined', ['export', 'print']),
    screen('/copybatch', '单批次复本登记账', 'Copy register, one batch', 'SnippetsOutlined', ['export', 'print']),
    screen('/singlemultiple', '多批次个别登记账', 'Item register, several batches', 'ReconciliationOutlined', [
      'export',
      'print',
    ]),
    screen('/copymultiple', '多批次复本登记账', 'Copy register, several batches', 'ReconciliationOutlined', [
      'export',
      'print',
    ]),
    screen('/weeding', '剔旧登记', 'Weeding', 'RestOutlined', ['weed', 'export']),
  ]),
  group('magazines', '期刊管理', 'Magazines', 'ReadOutlined', [
    screen('/magazinelibrary', '期刊库', 'Periodical titles', 'DatabaseOutlined', CRUDX),
    // 'edit': the numbering pattern and predicting the year's issues.
    screen('/magazine-subscription', '期刊征订', 'Subscriptions', 'ProfileOutlined', ['edit']),
    screen('/magazine-order', '期刊订购', 'Year orders', 'ShoppingOutlined', CRUDX),
    screen('/magazine-reorder', '期刊续订', 'Renewal of orders', 'ReloadOutlined', ['order']),
    screen('/magazine', '期刊记到', 'Magazine check-in', 'CheckSquareOutlined', ['checkin', 'edit', 'delete']),
    screen('/magazine-two', '报纸记到', 'Newspaper check-in', 'CheckSquareOutlined', ['checkin', 'edit', 'delete']),
    screen('/magazine-rowto', '期刊移送', 'Distribution of magazines', 'SendOutlined', ['transfer']),
    screen('/magazine-rowto2', '报纸移送', 'Distribution of newspapers', 'SendOutlined', ['transfer']),
    screen('/magazine-bound', '期刊装订', 'Binding of magazines', 'BookOutlined', ['bind', 'delete']),
    screen('/magazine-bound2', '报纸装订', 'Binding of newspapers', 'BookOutlined', ['bind', 'delete']),
    screen('/magazine-statistics', '期刊统计', 'Magazine statistics', 'BarChartOutlined', VIEWX),
    screen('/magazine-statistics2', '报纸统计', 'Newspaper statistics', 'BarChartOutlined', VIEWX),
  ]),
];
