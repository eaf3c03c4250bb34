// A request body edited either as fields (one labelled input per value, grouped by top-level section)
// or as JSON text; both edit the same value, so a team can start from a document example and change
// what it needs.
import { useEffect, useState } from 'react';
import { Field } from './ui.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** Bodies with at most this many values show every section open. */
const OPEN_ALL_UP_TO = 30;

interface Leaf {
  path: Path;
  value: null | boolean | number | string;
}

function leaves(value: Json, path: Path = []): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  return [{ path, value }];
}

/** `value` with the leaf at `path` replaced (nothing else copied but the way down). */
export function setAt(value: Json, path: Path, leaf: Json): Json {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? setAt(item, rest, leaf) : item));
  if (value !== null && typeof value === 'object') return { ...value, [head!]: setAt(value[String(head)] ?? null, rest, leaf) };
  return value;
}

function parse(text: string): { value?: Json; error?: string } {
  try {
    return { value: JSON.parse(text) as Json };
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'Not JSON.' };
  }
}

/** Abbreviations a field name holds that read as capitals. */
const CAPITALS: Record<string, string> = { acn: 'ACN', abn: 'ABN', arbn: 'ARBN', bsb: 'BSB', vin: 'VIN', id: 'id', dob: 'date of birth' };

/** A JSON member name as words: `givenName1` reads `Given name 1`, `acn` reads `ACN`, an array index `#1`. */
export function words(step: string | number): string {
  if (typeof step === 'number') return `#${step + 1}`;
  const parts = step
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .toLowerCase()
    .split(' ')
    .map((part) => CAPITALS[part] ?? part);
  const text = parts.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A leaf's label within its section (the section is the fieldset's legend): `Address › Line 2`. */
function labelOf(path: Path): string {
  const steps = path.length > 1 ? path.slice(1) : path;
  return steps.map(words).join(' › ');
}

function LeafInput({ leaf, onChange }: { leaf: Leaf; onChange: (value: Json) => void }) {
  const label = labelOf(leaf.path);
  if (typeof leaf.value === 'boolean')
    return (
      <div className="field check">
        <label>
          <input type="checkbox" checked={leaf.value} onChange={(e) => onChange(e.target.checked)} /> {label}
        </label>
      </div>
    );
  if (typeof leaf.value === 'number')
    return (
      <Field label={label}>
        <input type="number" value={leaf.value} onChange={(e) => onChange(Number(e.target.value))} />
      </Field>
    );
  return (
    <Field label={label}>
      <input value={leaf.value ?? ''} placeholder={leaf.value === null ? 'null' : undefined} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

export function BodyEditor({
  name,
  value,
  onChange,
  onJsonError,
}: {
  name: string;
  value: Json;
  onChange: (value: Json) => void;
  /** Told whether the JSON text parses (its error) or not (undefined): the form must not send the last good value meanwhile. */
  onJsonError: (error: string | undefined) => void;
}) {
  const [mode, setMode] = useState<'fields' | 'json'>('fields');
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const parsed = parse(text);
  // A change from outside (another example, a sandbox outcome) rewrites the text; typing does not
  // (the text already parses to the value), so the cursor stays where it is.
  useEffect(() => {
    const current = parse(text);
    if (current.error || JSON.stringify(current.value) !== JSON.stringify(value)) {
      setText(JSON.stringify(value, null, 2));
      onJsonError(undefined);
    }
  }, [value]);
  const sections = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [];
  return (
    <div className="body-editor">
      <div className="row" role="group" aria-label={`Edit the ${name} as`}>
        <button
          type="button"
          className="secondary"
          aria-pressed={mode === 'fields'}
          disabled={Boolean(parsed.error)}
          onClick={() => setMode('fields')}
        >
          Fields
        </button>
        <button type="button" className="secondary" aria-pressed={mode === 'json'} onClick={() => setMode('json')}>
          JSON
        </button>
      </div>
      {mode === 'json' ? (
        <>
          <Field label={`The ${name} as JSON`}>
            <textarea
              className="json"
              rows={16}
              spellCheck={false}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                const next = parse(e.target.value);
                onJsonError(next.error);
                if (next.value !== undefined) onChange(next.value);
              }}
            />
          </Field>
          {parsed.error && (
            <p role="alert" className="error">
              Not JSON yet: {parsed.error}. Nothing can be sent until it is.
            </p>
          )}
        </>
      ) : (
        sections.map(([section, sectionValue], i) =>
          sectionValue !== null && typeof sectionValue === 'object' ? (
            // A long body opens on its first section only; the others are one click away.
            <details key={section} open={i === 0 || leaves(value).length <= OPEN_ALL_UP_TO}>
              <summary>{words(section)}</summary>
              <fieldset>
                <legend className="visually-hidden">{words(section)}</legend>
                {leaves(sectionValue, [section]).map((leaf) => (
                  <LeafInput key={leaf.path.join('.')} leaf={leaf} onChange={(next) => onChange(setAt(value, leaf.path, next))} />
                ))}
              </fieldset>
            </details>
          ) : (
            <LeafInput
              key={section}
              leaf={{ path: [section], value: sectionValue }}
              onChange={(next) => onChange(setAt(value, [section], next))}
            />
          ),
        )
      )}
    </div>
  );
}
