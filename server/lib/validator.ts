import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { ControlCharacterFree } from '../../domain/control-characters';

type Result = { value?: unknown; error?: FastifySchemaValidationError[] };
const controlFree = validatorCompiler({ schema: ControlCharacterFree, method: 'POST', url: '', httpPart: 'body' }) as (data: unknown) => Result;

/**
 * The zod validator of fastify-type-provider-zod, then the one shared control-character check on
 * whatever passed, for every route's body, query and parameters: a NUL or other control character
 * is a localised 400 naming the field, never a database error. Sync bodies are left to their
 * entries (validateEntry checks each), so one bad entry never fails its neighbours.
 */
export const validatorRefusingControlCharacters: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route) as (data: unknown) => Result;
  const perEntry = route.httpPart === 'body' && route.url.endsWith('/sync');
  return (data: unknown): Result => {
    const result = validate(data);
    if (perEntry || result.error) return result;
    const checked = controlFree(result.value);
    return checked.error ? checked : result;
  };
};
