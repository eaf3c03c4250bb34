// The one argument every domain verb takes.

/** A verb's dependencies (and, for a partner's call, the caller) as `ctx`, and its typed `input`. */
export interface VerbArgs<Ctx, Input> {
  ctx: Ctx;
  input: Input;
}
