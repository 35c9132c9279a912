import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useMatches } from 'react-router-dom';

/** What every page route carries: its title and the menu entry that grants it. */
export type RouteHandle = { title: MessageDescriptor; menuPath: string };

/** The title of the deepest matched page, in the active language. */
export function usePageTitle(): string {
  const { i18n } = useLingui();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return handle ? i18n._(handle.title) : '';
}
