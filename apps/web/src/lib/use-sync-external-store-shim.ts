// React 19 has useSyncExternalStore itself: the translations library's import of the package that brings it
// to React 17 resolves here (vite.config.ts), so the first download does not carry that package.
export { useSyncExternalStore } from 'react';
