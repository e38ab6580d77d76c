/** Screen /department/user-transfer (读者管理); card issue/re-issue is /resource-mana/resource/user-transfer. */
export const READERS = 'department.user-transfer';
export const CARDS = 'resource-mana.resource.user-transfer';
