import { CRUD, CRUDX, group, hiddenScreen, type Item, screen, VIEWX } from './menu-build.ts';

/** System, Basics, People and organisation (spec §2). */
export const adminGroups: Item[] = [
  group('system', '系统管理', 'System', 'SettingOutlined', [
    screen('/sys/company', '单位管理', 'Units', 'BankOutlined', [...CRUDX, 'authorize']),
    screen('/sys/menu', '菜单管理', 'Menus', 'MenuOutlined', [...CRUD, 'authorize']),
    screen('/sys/transition', '翻译管理', 'Translation management', 'TranslationOutlined', CRUDX),
    screen('/setting', '系统设置', 'System settings', 'ControlOutlined', ['edit']),
    screen('/basic-config', '基础配置', 'Basic configuration', 'ToolOutlined', ['edit']),
    screen('/email', '邮件设置', 'E-mail settings', 'MailOutlined', ['edit', 'test']),
    group('system.log', '日志管理', 'Logs', 'FileSearchOutlined', [
      screen('/sys/log/operation', '操作日志', 'Operation log', 'AuditOutlined', VIEWX),
      screen('/sys/log/login', '登录日志', 'Sign-in log', 'LoginOutlined', VIEWX),
      screen('/sys/log/error', '错误日志', 'Error log', 'BugOutlined', VIEWX),
      screen('/sys/log/sip2', 'SIP2日志', 'SIP2 log', 'ApiOutlined', VIEWX),
    ]),
    // Not in the spec's route list: where a school registers its self-check machines (SIP2) and API clients.
    screen('/sys/devices', '设备接入', 'Devices', 'UsbOutlined', CRUD),
    // Not in the spec's route list: the installation's backups (top-level school's administrators only).
    screen('/sys/backup', '数据备份', 'Backups', 'SaveOutlined', ['add', 'download']),
    screen('/process', '任务列表', 'Export and import tasks', 'CloudDownloadOutlined', ['stop', 'download', 'delete']),
    screen('/update-log', '更新日志管理', 'Release notes', 'HistoryOutlined', CRUD),
    hiddenScreen('/updatelog', '版本更新说明', 'What is new', 'NotificationOutlined'),
    screen('/feedback', '意见反馈', 'Feedback', 'CommentOutlined', ['add', 'reply', 'delete']),
  ]),
  group('basics', '基础设置', 'Basic settings', 'AppstoreOutlined', [
    screen('/resource-mana/basic-set/branch', '分馆管理', 'Branch libraries', 'ShopOutlined', CRUD),
    screen('/resource-mana/basic-Set/resource-type', '资源类型', 'Resource types', 'TagsOutlined', CRUD),
    screen('/resource-mana/basic-set/resource-auth', '资源权限', 'Resource access', 'SafetyOutlined', CRUDX),
    screen('/resource-mana/basic-set/location', '馆藏地管理', 'Collection locations', 'EnvironmentOutlined', CRUD),
    screen('/resource-mana/basic-set/location-num', '书架号管理', 'Shelf numbers', 'NumberOutlined', [
      ...CRUD,
      'print',
    ]),
    screen('/resource-mana/basic-set/location-num-pos', '架位管理', 'Shelf positions', 'AimOutlined', CRUD),
    screen('/bookshelf-area', '书架区域', 'Shelf areas', 'BorderOuterOutlined', CRUD),
    screen('/borrow-permission', '借阅权限', 'Loan rules', 'SafetyCertificateOutlined', CRUD),
    screen('/borrow-range-mana', '借阅范围', 'Loan ranges', 'ClusterOutlined', CRUD),
  ]),
  group('people', '人员与组织', 'People and organisation', 'TeamOutlined', [
    screen('/department/user-transfer', '读者管理', 'Readers', 'UserOutlined', [
      ...CRUDX,
      'import',
      'reset',
      'transfer',
    ]),
    screen('/resource-mana/resource/user-transfer', '读者办证', 'Reader card issue', 'IdcardOutlined', [
      'issue',
      'edit',
      'print',
    ]),
    screen('/department/permission/role', '角色管理', 'Roles', 'UserSwitchOutlined', [...CRUDX, 'grant']),
    screen('/permission', '读者权限组', 'Reader permission groups', 'SolutionOutlined', CRUD),
    screen('/department/dept-manage', '部门管理', 'Departments', 'ApartmentOutlined', CRUDX),
    screen('/dept', '教学部门', 'Teaching departments', 'PartitionOutlined', CRUD),
    screen('/orgdept', '行政部门', 'Administrative departments', 'BranchesOutlined', CRUD),
    screen('/class', '班级与年级', 'Classes and grades', 'ReadOutlined', CRUDX),
    screen('/department/dept-upgrade', '班级升级', 'Class promotion', 'RiseOutlined', ['upgrade']),
    screen('/semester', '学期与学科', 'Terms and subjects', 'CalendarOutlined', CRUD),
    screen('/organization', '学校组织', 'School organisation', 'ContactsOutlined', CRUD),
  ]),
];
