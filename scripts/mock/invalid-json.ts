// The documented answer to a malformed JSON body, read from the document. Prism cannot give it:
// its HTTP server parses a JSON body before any of Prism's own logic runs and answers a parse
// failure itself with `{"error":{"code":"invalid_json",...}}`, a shape no operation documents.
// The mock's front (./front.ts) answers those requests with this instead.

type Json = Record<string, unknown>;

interface PathTemplate {
  path: string;
  pattern: RegExp;
  /** Literal segments: a literal beats a parameter, as in Prism's router and the server's. */
  literals: number;
}

export interface DocumentedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function templateOf(path: string): PathTemplate {
  const segments = path.split('/').slice(1);
  const source = segments
    .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { path, pattern: new RegExp(`^/${source}/?$`), literals: segments.filter((s) => !s.startsWith('{')).length };
}

/** The operation a method and path name, or undefined. */
function operationFor(document: Json, templates: PathTemplate[], method: string, pathname: string): Json | undefined {
  const match = templates.filter((t) => t.pattern.test(pathname)).sort((a, b) => b.literals - a.literals)[0];
  if (!match) return undefined;
  const item = (document.paths as Record<string, Json>)[match.path]!;
  return item[method.toLowerCase()] as Json | undefined;
}

function headerExample(document: Json, ref: unknown): string | undefined {
  const name = typeof ref === 'object' && ref && '$ref' in ref ? String(ref.$ref).split('/').pop()! : undefined;
  const header = name ? ((document.components as Json).headers as Record<string, Json>)[name] : undefined;
  const example = header?.example ?? (header?.schema as Json | undefined)?.example;
  return example === undefined ? undefined : String(example);
}

function isInvalidJson(value: unknown): boolean {
  const body = value as { error?: unknown; errors?: unknown };
  if (body.error === 'invalid_json') return true;
  return Array.isArray(body.errors) && body.errors.some((e: { code?: unknown }) => e?.code === 'invalid_json');
}

/**
 * For a method and path, the operation's documented answer with this status whose example `wanted`
 * accepts (its example, status and `X-Request-Id`), or undefined when the operation documents none.
 */
function documentedAnswers(
  document: Json,
  status: number,
  wanted: (example: unknown) => boolean,
): (method: string, pathname: string) => DocumentedAnswer | undefined {
  const templates = Object.keys(document.paths as Json).map(templateOf);
  return (method, pathname) => {
    const operation = operationFor(document, templates, method, pathname);
    const response = (operation?.responses as Record<string, Json> | undefined)?.[String(status)];
    const media = (response?.content as Record<string, Json> | undefined)?.['application/json'];
    const example = Object.values((media?.examples ?? {}) as Record<string, Json>).find((e) => wanted(e.value));
    if (!response || !example) return undefined;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    for (const [name, ref] of Object.entries((response.headers ?? {}) as Json)) {
      const value = headerExample(document, ref);
      if (value !== undefined) headers[name] = value;
    }
    return { status, headers, body: JSON.stringify(example.value) };
  };
}

/** The operation's documented 400 `invalid_json` answer, or undefined when it takes no body. */
export function invalidJsonAnswers(document: Json): (method: string, pathname: string) => DocumentedAnswer | undefined {
  return documentedAnswers(document, 400, isInvalidJson);
}

/**
 * The operation's first documented 404: the answer to a path with a malformed percent-escape
 * (`%ff`), as the service gives (D-48). Prism's router throws on such a path and its process exits.
 */
export function notFoundAnswers(document: Json): (method: string, pathname: string) => DocumentedAnswer | undefined {
  return documentedAnswers(document, 404, () => true);
}
