// Types of build-state.mjs (plain JavaScript, run by Node before any TypeScript tool is known to be installed).
export declare const ROOT: string;
export declare const SERVER_BUNDLE: string;
export declare const SERVER_SOURCES: string[];
export declare const CONSOLE_BUILD: string;
export declare const CONSOLE_SOURCES: string[];
export declare function isStale(output: string, sources: string[]): boolean;
