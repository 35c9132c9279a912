/** Icon names the server's menu may use; the PWA draws each one (a compile-time contract on both sides). */
export const MENU_ICONS = [
  'dashboard', 'users', 'members', 'church', 'cash', 'transactions', 'requests', 'settings', 'sms', 'push',
  'reports', 'activity', 'branch', 'religion', 'currency', 'bank', 'pledge', 'structure', 'groups', 'stats',
  'logs', 'offerings',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];
