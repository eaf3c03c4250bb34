// Vite bundles imported stylesheets; TypeScript only needs to know such imports exist.
declare module '*.css';
