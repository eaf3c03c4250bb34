// Types of lock.mjs (plain JavaScript, run by `npm run pack` with Node alone).
export declare function withPackLock<T>(work: () => Promise<T>, timeoutMs?: number): Promise<T>;
