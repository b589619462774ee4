/** Set by vite.config.ts at build time: changes with every build. */
declare const __BUILD_ID__: string;
