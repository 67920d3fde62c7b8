import type { DesignInputError } from '@meltway/shared/design/calculate';
import type { DesignInputParsed, DesignProduct } from '@meltway/shared/design/design.schema';
import type { Config } from '../../config.js';
import { workerPool, type WorkerPool } from '../../lib/worker-pool.js';

/**
 * A catalogue as it crosses to a worker: its JSON, a string copied in one piece, and a key the worker keeps it
 * under, parsed once, while the same catalogue comes again (thousands of products cloned object by object on
 * every calculation would hold the event loop).
 */
export type EngineCatalogue = { key: number; json: string };
export type EngineTask = { input: DesignInputParsed; catalogue: EngineCatalogue };
/**
 * The engine's design as the JSON of the answer (UTF-8, its memory handed over by the worker, not copied), or its
 * refusal of the input (what DesignInputError carries).
 */
export type EngineAnswer = { design: Uint8Array } | { refused: Pick<DesignInputError, 'path' | 'messageKey' | 'params'> };

// The worker as built beside this file, or its TypeScript source when the process runs from sources.
const WORKER = new URL(`./engine-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

const pools = new WeakMap<Config, WorkerPool<EngineTask, EngineAnswer>>();

/** This process's engine workers for an app's configuration, started on first use. */
export function enginePool(config: Config): WorkerPool<EngineTask, EngineAnswer> {
  let pool = pools.get(config);
  if (!pool) {
    pool = workerPool<EngineTask, EngineAnswer>({ file: WORKER, ...config.designEngine });
    pools.set(config, pool);
  }
  return pool;
}

const catalogues = new WeakMap<readonly DesignProduct[], EngineCatalogue>();
let lastKey = 0;

/** A catalogue as the workers take it: written once for each catalogue read (the cached one is the same array). */
export function engineCatalogue(products: readonly DesignProduct[]): EngineCatalogue {
  let sent = catalogues.get(products);
  if (!sent) {
    sent = { key: ++lastKey, json: JSON.stringify(products) };
    catalogues.set(products, sent);
  }
  return sent;
}

/** Stops the workers of an app's configuration, if any were started. */
export async function closeEnginePool(config: Config) {
  const pool = pools.get(config);
  pools.delete(config);
  await pool?.close();
}
