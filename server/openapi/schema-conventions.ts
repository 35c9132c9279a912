type Json = Record<string, unknown>;

const MONEY = 'Integer count of minor units of the currency (ISO 4217 exponent: 2 for TZS, KES, USD), never a decimal: 150000 with currency TZS is TZS 1,500.00.';
const PHONE = 'Phone number in E.164 form (`+` country code and number, e.g. `+255712345678`).';
const BASIS_POINTS = 'Basis points: 10000 = 100%.';

/** Money fields: `amount`, `totalAmount`, `amountInMinor`, … but not counts like `amountCount`. */
const isMoneyName = (name: string) => /(^amount$|Amount$|^amount[A-Z](?!.*Count)|^total$|Total$)/.test(name) && !/count/i.test(name);
const isPhoneName = (name: string) => /(^phone$|Phone$|^msisdn$)/i.test(name) && !/masked/i.test(name);

/**
 * Walks every schema under `paths` and makes it say what our conventions mean, once for all routes:
 * - integers named like money are integer minor units, strings named like phones are E.164;
 * - OpenAPI 3.0: a `nullable` enum accepts null only when `null` is among its values, so it is added;
 * - a record keyed by an enum (`z.record(z.enum(...))`) lists its keys as properties, so the keys it
 *   requires are defined.
 */
export function describeConventions(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(describeConventions);
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  if (isObject(schema.additionalProperties) && Array.isArray(schema.required) && !schema.properties) {
    schema.properties = Object.fromEntries((schema.required as string[]).map((key) => [key, schema.additionalProperties]));
  }
  if (isObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties as Record<string, Json>)) describeProperty(name, property);
  }
  for (const value of Object.values(schema)) describeConventions(value);
}

function describeProperty(name: string, property: Json) {
  if (!isObject(property) || property.description) return;
  const type = property.type;
  if (type === 'integer' && isMoneyName(name)) property.description = MONEY;
  else if (type === 'string' && isPhoneName(name)) property.description = PHONE;
  else if (type === 'integer' && /Bp$/.test(name)) property.description = BASIS_POINTS;
}

const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);
