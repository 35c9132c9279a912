import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type I18n, setupI18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, type Locale, LOCALES, toLocale } from '../domain/locale';
import { projectRoot } from './lib/project-root';

type Descriptor = { id: string; message: string };

/**
 * The server speaks through the same sw/en catalogs as the PWA. They are parsed once at start-up;
 * messages fall back to the English source text when a translation is missing.
 */
export type Translator = {
  t: (locale: Locale, descriptor: Descriptor, values?: Record<string, unknown>) => string;
  locale: (header: unknown) => Locale;
};

export async function loadTranslator(): Promise<Translator> {
  const po = formatter({ lineNumbers: false });
  const instances = new Map<Locale, I18n>();
  for (const locale of LOCALES) {
    const file = join(projectRoot, 'locales', locale, 'messages.po');
    let content = '';
    try {
      content = readFileSync(file, 'utf8');
    } catch {
      content = '';
    }
    const catalog = content ? await po.parse(content, { locale, sourceLocale: 'en', filename: file }) : {};
    const compiled: Record<string, ReturnType<typeof compileMessage>> = {};
    for (const [id, entry] of Object.entries(catalog)) {
      const text = entry.translation || entry.message;
      if (text) compiled[id] = compileMessage(text);
    }
    const i18n = setupI18n({ locale, messages: { [locale]: compiled } });
    i18n.setMessagesCompiler(compileMessage);
    instances.set(locale, i18n);
  }
  return {
    t(locale, descriptor, values) {
      const i18n = instances.get(locale) ?? instances.get(DEFAULT_LOCALE);
      if (!i18n) return descriptor.message;
      return i18n._({ id: descriptor.id, message: descriptor.message, values: values ?? {} });
    },
    locale: toLocale,
  };
}
