import type { ReactElement } from 'react';
import type { MenuIcon } from '../../../domain/menu-icons';

// Stroke outlines on a 24×24 grid; inline so the shell needs no icon font or CDN (the CSP forbids both).
const SHAPES: Record<MenuIcon | 'menu' | 'close' | 'search' | 'chevron' | 'user', ReactElement> & Record<string, ReactElement | undefined> = {
  dashboard: <path d="M3 3h8v10H3zM13 3h8v6h-8zM13 11h8v10h-8zM3 15h8v6H3z" />,
  users: <path d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM1 21v-1a6 6 0 0 1 12 0v1M17 11a3 3 0 1 0 0-6M19 21v-1a5 5 0 0 0-3-4.6" />,
  members: <path d="M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21v-1a8 8 0 0 1 16 0v1" />,
  church: <path d="M12 2v4M10 4h4M6 21V11l6-5 6 5v10M3 21h18M10 21v-5h4v5" />,
  cash: <path d="M2 6h20v12H2zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 9v.01M18 15v.01" />,
  transactions: <path d="M4 7h14l-3-3M20 17H6l3 3" />,
  requests: <path d="M9 4h6v3H9zM7 5H5v16h14V5h-2M8 12l2 2 4-4" />,
  settings: <path d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12l2-1-1-3-2 .3-1.3-1.3.3-2-3-1-1 2h-2l-1-2-3 1 .3 2L6 7.3 4 7 3 10l2 1v2l-2 1 1 3 2-.3 1.3 1.3-.3 2 3 1 1-2h2l1 2 3-1-.3-2 1.3-1.3 2 .3 1-3-2-1z" />,
  sms: <path d="M3 4h18v12H8l-5 4zM7 9h10M7 12h6" />,
  push: <path d="M12 3v12M7 8l5-5 5 5M4 17v4h16v-4" />,
  reports: <path d="M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h8" />,
  activity: <path d="M3 12h4l3-8 4 16 3-8h4" />,
  branch: <path d="M3 21h18M5 21V8l7-5 7 5v13M9 21v-6h6v6M9 10h.01M15 10h.01" />,
  religion: <path d="M12 2a10 10 0 1 0 0 20 7 7 0 0 1 0-20zM17 8l1 2 2 .3-1.5 1.4.4 2.3-1.9-1-1.9 1 .4-2.3L14 10.3l2-.3z" />,
  currency: <path d="M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6" />,
  bank: <path d="M3 10l9-6 9 6M5 10v8M9 10v8M15 10v8M19 10v8M3 21h18" />,
  pledge: <path d="M12 21s-8-4.6-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 6.4-8 11-8 11z" />,
  structure: <path d="M9 2h6v5H9zM3 17h6v5H3zM15 17h6v5h-6zM12 7v5M6 17v-5h12v5" />,
  groups: <path d="M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 16a6 6 0 0 1 12 0M10 16a6 6 0 0 1 12 0M2 22h20" />,
  stats: <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
  logs: <path d="M4 4h16v16H4zM8 8h8M8 12h8M8 16h5" />,
  offerings: <path d="M12 2l2.5 5 5.5.8-4 3.9.9 5.5-4.9-2.6-4.9 2.6.9-5.5-4-3.9 5.5-.8z" />,
  menu: <path d="M3 6h18M3 12h18M3 18h18" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  search: <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5" />,
  chevron: <path d="M9 6l6 6-6 6" />,
  user: <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM3 22a9 9 0 0 1 18 0" />,
};

export const ICON_NAMES = Object.keys(SHAPES);

type IconProps = { name: string; size?: number; className?: string };

/** Unknown names (the server may add icons before the client knows them) fall back to a dot. */
export function Icon({ name, size = 20, className }: IconProps) {
  const shape = SHAPES[name] ?? <circle cx="12" cy="12" r="3" fill="currentColor" />;
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={SHAPES[name] ? name : 'fallback'}
    >
      {shape}
    </svg>
  );
}
