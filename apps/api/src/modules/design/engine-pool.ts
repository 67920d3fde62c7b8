import type { DesignInputError } from '@meltway/shared/design/calculate';
import type { DesignInputParsed, DesignProduct, DesignResult } from '@meltway/shared/design/design.schema';
import type { Config } from '../../config.js';
import { workerPool, type WorkerPool } from '../../lib/worker-pool.js';

export type EngineTask = { input: DesignInputParsed; catalogue: DesignProduct[] };
/** The engine's design, or its refusal of the input (what DesignInputError carries). */
export type EngineAnswer = { design: DesignResult } | { refused: Pick<DesignInputError, 'path' | 'messageKey' | 'params'> };

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

/** Stops the workers of an app's configuration, if any were started. */
export async function closeEnginePool(config: Config) {
  const pool = pools.get(config);
  pools.delete(config);
  await pool?.close();
}
