// Small shared pieces: sections, detail panels, errors, copy and confirm buttons, labelled fields.
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { toApiError } from './errors.js';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** What a page opens from its rows: the open item, and a count that grows with every "Open" (even of the same item). */
export function useOpened<T>(initial?: T): { open: T | undefined; reveal: number; show: (item: T) => void } {
  const [state, setState] = useState<{ open: T | undefined; reveal: number }>({ open: initial, reveal: 0 });
  return { ...state, show: (item: T) => setState((s) => ({ open: item, reveal: s.reveal + 1 })) };
}

/**
 * A panel opened from a row: it scrolls into view and takes focus each time it is opened (`reveal`
 * changes); at 390 px it would otherwise open far above the visible area with focus left on the button.
 */
export function DetailPanel({ title, children, testId, reveal }: { title: string; children: ReactNode; testId?: string; reveal: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [reveal]);
  return (
    <section className="card detail" aria-label={title} data-testid={testId}>
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An error of either API or of the SDK's request check: its sentence, "field: message" lines, and the Request-Id to find it by. */
export function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  const problem = toApiError(error);
  return (
    <div role="alert" className="error">
      <p>{problem.message}</p>
      {problem.lines.length > 0 && (
        <ul className="problems">
          {problem.lines.map((line, i) => (
            <li key={`${i}-${line}`}>{line}</li>
          ))}
        </ul>
      )}
      {problem.requestId && (
        <p className="meta">
          Request-Id <code data-testid="failed-request-id">{problem.requestId}</code> ·{' '}
          {problem.inRequestLog ? (
            <a href={`#/requests?requestId=${encodeURIComponent(problem.requestId)}`}>Find it on the Requests page</a>
          ) : (
            // D-51: the request log keeps an account's public API requests; operator API requests have no account.
            <span>an operator API request: the Requests page lists only the account&apos;s public API requests</span>
          )}
        </p>
      )}
    </div>
  );
}

/** Copies `value`; its name says what (`Copy secret test key`, `Copy as curl`) and turns to `Copied …` once done. */
export function CopyButton({ value, label, text = 'Copy' }: { value: string; label: string; text?: string }) {
  const [copied, setCopied] = useState(false);
  const shown = copied ? text.replace(/^Copy/, 'Copied') : text;
  return (
    <button
      type="button"
      className="secondary"
      aria-label={`${shown} ${label}`.trim()}
      onClick={() => {
        void navigator.clipboard.writeText(value).then(() => setCopied(true));
      }}
    >
      {shown}
    </button>
  );
}

/** A destructive action asks first: the button turns into the question, with the action and Cancel (focused). */
export function ConfirmButton({
  label,
  question,
  action,
  onConfirm,
}: {
  label: string;
  question: string;
  action: string;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <button type="button" className="danger" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <span className="confirm" role="group" aria-label={question}>
      <span>{question}</span>{' '}
      <button
        type="button"
        className="danger"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {action}
      </button>
      <button type="button" className="secondary" ref={cancel} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

/** A labelled control: the label names exactly its one control (`for`/`id`), nothing else. */
export function Field({
  label,
  children,
  hint,
}: {
  label: string;
  children: ReactElement<{ id?: string; 'aria-describedby'?: string }>;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, ...(hint ? { 'aria-describedby': `${id}-hint` } : {}) })}
      {hint && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
}

/** "Nothing yet" for an empty list, once it has loaded. */
export function Empty({ when: shown, children }: { when: boolean; children: ReactNode }) {
  return shown ? <p className="empty">{children}</p> : null;
}

/** A table's column headings. */
export function Headings({ names }: { names: string[] }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th scope="col" key={name}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
