// Builds a small value that satisfies a JSON schema (as the AI SDK sends it: JSON Schema for OpenAI
// and Anthropic, Google's OpenAPI subset for Gemini), so an unscripted structured-output request
// to a fake still gets an answer the SDK can parse. Strings name the model and the field.

type Schema = Record<string, unknown>;

export function sampleFromSchema(schema: unknown, model: string): unknown {
  return sample(schema, schema, model, 'value', 0);
}

function sample(node: unknown, root: unknown, model: string, label: string, depth: number): unknown {
  if (!node || typeof node !== 'object' || depth > 12) return null;
  let s = node as Schema;
  if (typeof s.$ref === 'string') {
    const target = resolveRef(root, s.$ref);
    if (target === undefined) return null;
    s = target as Schema;
  }
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = s[key];
    if (Array.isArray(options) && options.length > 0) {
      const choice = options.find((o: Schema) => typeOf(o) !== 'null') ?? options[0];
      return sample(choice, root, model, label, depth + 1);
    }
  }
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      for (const [name, child] of Object.entries(properties)) out[name] = sample(child, root, model, name, depth + 1);
      return out;
    }
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 1;
      const count = Math.min(Math.max(min, 1), typeof s.maxItems === 'number' ? s.maxItems : Infinity);
      return Array.from({ length: count }, () => sample(s.items, root, model, label, depth + 1));
    }
    case 'number':
    case 'integer': {
      const low = num(s.minimum) ?? num(s.exclusiveMinimum) ?? 0;
      const high = num(s.maximum) ?? num(s.exclusiveMaximum) ?? Math.max(low, 1);
      const middle = (low + high) / 2;
      return typeOf(s) === 'integer' ? Math.round(middle) : middle;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (s.format === 'date') return '2026-01-01';
      const text = `${model}: ${label}`;
      const minLength = num(s.minLength) ?? 0;
      return text.length >= minLength ? text : text.padEnd(minLength, '.');
    }
  }
}

function typeOf(s: Schema): string {
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (typeof type === 'string') return type.toLowerCase();
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return 'string';
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

function resolveRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    node =
      node && typeof node === 'object' ? (node as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return node;
}
