import { setupI18n } from '@lingui/core';
import type { MenuItem } from '../../domain/api/shell';
import type { Locale } from '../../domain/locale';
import { type MenuLabelKey, menuLabels } from '../../domain/menu-labels';
import { loadCatalog } from './i18n';

function isMenuLabelKey(key: string): key is MenuLabelKey {
  return Object.hasOwn(menuLabels, key);
}

/**
 * The server writes menu labels in the Lang header's language, so a menu cached in one language
 * cannot be shown as is in the other. Offline, switching language relabels the cached copy with the
 * same descriptors the server uses (domain/menu-labels.ts), from the precached catalog; a key this
 * client does not know keeps the label it came with.
 */
export async function relabelMenu(items: readonly MenuItem[], locale: Locale): Promise<MenuItem[]> {
  const i18n = setupI18n({ locale, messages: { [locale]: await loadCatalog(locale) } });
  const label = (key: string, text: string) => (isMenuLabelKey(key) ? i18n._(menuLabels[key]) : text);
  return items.map((item) => ({
    ...item,
    text: label(item.key, item.text),
    ...(item.children ? { children: item.children.map((child) => ({ ...child, text: label(child.key, child.text) })) } : {}),
  }));
}
