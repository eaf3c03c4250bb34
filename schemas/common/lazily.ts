// A value made on its first use and kept. For the documentation's worked examples (each run through
// the validator it illustrates, so it can never drift from what the server answers): the document
// generator reads them, while the server imports the same operation definitions at every start and
// never does. Made at import, they cost every server process about 50 ms of its start.
export function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
