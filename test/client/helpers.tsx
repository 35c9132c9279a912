import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Profile } from '../../domain/api/auth';
import type { MenuItem } from '../../domain/api/shell';
import { createQueryClient } from '../../src/lib/query-client';

// English is the source language: with an empty catalogue the macros render their source text.
i18n.loadAndActivate({ locale: 'en', messages: {} });

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 7,
    username: 'treasurer',
    name: 'Asha Mussa',
    email: 'asha@example.org',
    phone: '+255700000001',
    level: 'church',
    branch: null,
    branchName: null,
    religionId: 1,
    religion: 'Christianity',
    entity: 'Kanisa la Upendo',
    entityId: 3,
    entityCode: 'KU-001',
    force_change_password: false,
    twoFactorEnabled: false,
    language: 'sw',
    permissions: [{ name: 'members', permissions: 'view,create' }],
    ...overrides,
  };
}

export function makeMenu(): MenuItem[] {
  return [
    { key: 'dashboard', icon: 'dashboard', text: 'Dashibodi', target: '/entityDashboard' },
    { key: 'members', icon: 'members', text: 'Waumini', target: '/members' },
    {
      key: 'settings',
      icon: 'settings',
      text: 'Mipangilio',
      target: '/settings',
      children: [{ key: 'currencies', text: 'Sarafu', target: '/settings/currencies' }],
    },
  ];
}

export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
