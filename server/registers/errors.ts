// What an adapter of an outside system throws when the system cannot be reached. Domain code turns
// it into 503 `registry_unavailable` with Retry-After (spec 7) or a retried check (D-39).
export class RegisterUnavailableError extends Error {
  constructor(
    readonly system: string,
    readonly retryAfterSeconds = 30,
  ) {
    super(`The ${system} register cannot be reached.`);
    this.name = 'RegisterUnavailableError';
  }
}
