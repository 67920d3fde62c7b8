import { parentPort } from 'node:worker_threads';
import { calculateDesign, DesignInputError } from '@meltway/shared/design/calculate';
import type { DesignInputParsed, DesignProduct } from '@meltway/shared/design/design.schema';
import type { EngineAnswer } from './engine-pool.js';

/**
 * One worker of the design engine's pool (engine-pool.ts): runs the engine on each task it is sent and answers
 * with the result, or with the refusal the engine gave (a plain object: an Error's class does not cross threads).
 */
parentPort!.on('message', ({ id, task }: { id: number; task: { input: DesignInputParsed; catalogue: DesignProduct[] } }) => {
  let result: EngineAnswer;
  try {
    result = { design: calculateDesign(task.input, task.catalogue) };
  } catch (error) {
    if (!(error instanceof DesignInputError)) {
      parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
      return;
    }
    result = { refused: { path: error.path, messageKey: error.messageKey, params: error.params } };
  }
  parentPort!.postMessage({ id, result });
});
