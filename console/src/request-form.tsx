// A request started from one of the document's own examples, its sandbox outcome chosen from the magic
// values, edited as fields or JSON, and sent.
import { useState, type FormEvent } from 'react';
import type { DocumentExample } from './contract.js';
import { BodyEditor, type Json } from './body-editor.js';
import type { OutcomeRule } from './sandbox-outcomes.js';
import { Field } from './ui.js';

interface Props {
  name: string;
  examples: DocumentExample[];
  rule: OutcomeRule;
  /** Applied to an example when it is picked (Form 484 dates brought to today). */
  prepare?: (body: Json) => Json;
  submitLabel: string;
  busy: boolean;
  onSubmit: (body: Json) => void;
  /** Any change to the body (a field, the JSON, an example, an outcome): the page clears what it said about the last send. */
  onEdit?: () => void;
}

export function RequestForm({ name, examples, rule, prepare = (body) => body, submitLabel, busy, onSubmit, onEdit }: Props) {
  const [example, setExample] = useState(examples[0]?.name ?? '');
  const [body, setBodyValue] = useState<Json>(() => prepare((examples[0]?.value ?? {}) as Json));
  const [jsonError, setJsonError] = useState<string>();
  function setBody(next: Json) {
    setBodyValue(next);
    onEdit?.();
  }
  function pick(exampleName: string) {
    setExample(exampleName);
    setBody(prepare((examples.find((e) => e.name === exampleName)?.value ?? {}) as Json));
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    // The last body that parsed is not what the user sees while the JSON is broken: send nothing.
    if (jsonError) return;
    onSubmit(body);
  }
  return (
    <form onSubmit={submit}>
      <div className="row">
        <Field label="Start from the document's example">
          <select value={example} onChange={(e) => pick(e.target.value)}>
            {examples.map((e) => (
              <option key={e.name} value={e.name}>
                {e.summary}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Sandbox outcome">
          <select value={rule.of(body)} onChange={(e) => setBody(rule.apply(body, e.target.value))}>
            {rule.outcomes.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <BodyEditor
        name={name}
        value={body}
        onChange={setBody}
        onJsonError={(error) => {
          setJsonError(error);
          if (error) onEdit?.();
        }}
      />
      <div>
        <button type="submit" disabled={busy || jsonError !== undefined}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
