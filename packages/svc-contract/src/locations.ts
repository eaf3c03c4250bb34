// The places in a request where a value can be changed: each parameter and every node of the JSON
// body (following the schema through properties, the first array item and the oneOf/anyOf branch
// the current value matches). Coverage varies each place in turn; fuzzing mutates one at random.
import { throughBranch, type SchemaView, type SchemaViews } from './schema-view.js';
import type { OperationInfo, ParameterLocation, RequestParts } from './types.js';
import type { Validators } from './validator.js';

export type Target = { area: ParameterLocation; name: string } | { area: 'body'; path: (string | number)[] };

export interface Location {
  label: string;
  target: Target;
  view: SchemaView;
  /** Current value; undefined when the place is empty (an optional property or parameter left out). */
  value: unknown;
  required: boolean;
  inParameter: boolean;
  /** A path segment: an empty value would address another route, so it is never generated. */
  inPath: boolean;
}

export const REMOVE = Symbol('remove');

function label(target: Target): string {
  if (target.area !== 'body') return `${target.area}.${target.name}`;
  return target.path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${key}`), 'body');
}

function setIn(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === 'number') {
    const copy = [...value];
    if (rest.length === 0 && next === REMOVE) copy.splice(head, 1);
    else copy[head] = setIn(copy[head], rest, next);
    return copy;
  }
  const record = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  const key = String(head);
  if (rest.length === 0 && next === REMOVE) delete record[key];
  else record[key] = setIn(record[key], rest, next);
  return record;
}

/** A copy of `parts` with the place set to `value` (or removed with REMOVE). */
export function setAt(parts: RequestParts, target: Target, value: unknown): RequestParts {
  if (target.area === 'body') {
    const current = parts.body?.kind === 'json' ? parts.body.value : undefined;
    if (target.path.length === 0 && value === REMOVE) {
      const { body: _removed, ...rest } = parts;
      return rest;
    }
    return { ...parts, body: { kind: 'json', value: setIn(current, target.path, value) } };
  }
  const bag = { ...parts[target.area] };
  if (value === REMOVE) delete bag[target.name];
  else bag[target.name] = value;
  return { ...parts, [target.area]: bag };
}

export class LocationFinder {
  constructor(
    private readonly views: SchemaViews,
    private readonly validators: Validators,
    private readonly maxDepth = 8,
  ) {}

  /** Every place in the request, parameters first, then the body depth first. */
  find(operation: OperationInfo, parts: RequestParts): Location[] {
    const out: Location[] = [];
    for (const parameter of operation.parameters) {
      const target: Target = { area: parameter.in, name: parameter.name };
      out.push({
        label: label(target),
        target,
        view: this.views.at(parameter.schemaPointer),
        value: parts[parameter.in][parameter.name],
        required: parameter.required,
        inParameter: true,
        inPath: parameter.in === 'path',
      });
    }
    if (operation.body && parts.body?.kind === 'json') this.walk(operation.body.schemaPointer, parts.body.value, [], true, 0, out);
    return out;
  }

  private walk(pointer: string, value: unknown, path: (string | number)[], required: boolean, depth: number, out: Location[]): void {
    const view = this.views.at(pointer);
    const target: Target = { area: 'body', path };
    out.push({ label: label(target), target, view, value, required, inParameter: false, inPath: false });
    if (value === undefined || depth >= this.maxDepth) return;
    const branches = view.oneOf.length > 0 ? view.oneOf : view.anyOf;
    const shape = branches.length > 0 ? this.matchingBranch(view, branches, value) : view;
    if (!shape) return;
    if (Array.isArray(value)) {
      // An item is not "required": removing one is judged by minItems, at the array itself.
      if (shape.items && value.length > 0) this.walk(shape.items, value[0], [...path, 0], false, depth + 1, out);
      return;
    }
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const [name, child] of Object.entries(shape.properties)) {
        this.walk(child, record[name], [...path, name], shape.required.includes(name), depth + 1, out);
      }
    }
  }

  /** The shape of a oneOf/anyOf node for the branch the value matches (with the node's own properties). */
  private matchingBranch(view: SchemaView, branches: string[], value: unknown): SchemaView | undefined {
    const match = branches.find((branch) => this.validators.check(branch, value).valid) ?? branches[0];
    return match ? throughBranch(view, this.views.at(match)) : undefined;
  }
}
