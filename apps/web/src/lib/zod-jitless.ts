/**
 * Zod compiles object parsers with `new Function` where it may, and finds out by trying once. The page's CSP
 * (script-src without 'unsafe-eval') refuses it, and the browser reports that refusal as a violation (Lighthouse's
 * best-practices audit counts it) even though Zod catches it and parses without. `jitless` skips the try. Zod keeps
 * its settings on this global object, which it creates or reuses when its module runs, so the setting holds
 * whichever of the two runs first. Imported first by main.tsx; the server, where no CSP applies, keeps the compiler.
 */
const zodConfig = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
zodConfig.jitless = true;
