import type { Descriptor } from '../../../domain/messages-descriptor';
import { messages } from '../../../domain/messages';
import type { Translator } from '../../i18n';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a refused statement link answers (ADR 064): plain HTML, no script, no style (the CSP
 * allows neither inline), in the link's language when the link is known; an unknown token tells
 * nothing about any member, so it answers in Swahili and English both.
 */
export function statementLinkPage(translator: Translator, languages: ReadonlyArray<'sw' | 'en'>, reason: Descriptor): string {
  const [first = 'sw'] = languages;
  const title = escape(translator.t(first, messages.ssLinkTitle));
  const body = languages.map((language) => `<p lang="${language}">${escape(translator.t(language, reason))}</p>`).join('\n');
  return `<!doctype html>
<html lang="${first}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head>
<body><main><h1>${title}</h1>
${body}
</main></body>
</html>
`;
}
