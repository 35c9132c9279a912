import { templateHeaders } from '../../../../domain/member-columns';

/**
 * The template's rows in one language: only the headers the import reads. No example rows — a
 * treasurer who types below them would import the examples too.
 */
export function templateRows(language: 'sw' | 'en'): string[][] {
  return [templateHeaders(language)];
}
