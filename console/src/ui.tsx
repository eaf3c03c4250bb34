// Small shared pieces: sections, errors, copy buttons, times.
import { cloneElement, useId, useState, type ReactElement, type ReactNode } from 'react';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="error">
      {error instanceof Error ? error.message : String(error)}
    </p>
  );
}

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="secondary"
      aria-label={`Copy ${label}`}
      onClick={() => {
        void navigator.clipboard.writeText(value).then(() => setCopied(true));
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

export function when(iso: string | null | undefined): string {
  return iso ? iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC') : '-';
}

/** A labelled control: the label names exactly its one control (`for`/`id`), nothing else. */
export function Field({ label, children }: { label: string; children: ReactElement<{ id?: string }> }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id })}
    </div>
  );
}
