import { parentPort } from 'node:worker_threads';
import { calculateDesign, DesignInputError } from '@meltway/shared/design/calculate';
import type { DesignProduct } from '@meltway/shared/design/design.schema';
import type { EngineAnswer, EngineTask } from './engine-pool.js';

/** The catalogue last sent, parsed, under its key: the next calculation on it does not parse it again. */
let held: { key: number; products: DesignProduct[] } | null = null;
const utf8 = new TextEncoder();

/**
 * One worker of the design engine's pool (engine-pool.ts): runs the engine on each task it is sent and answers
 * with the result written as the response's JSON, its memory handed to the main thread (which then neither copies,
 * validates nor serialises half a megabyte on its event loop), or with the refusal the engine gave (a plain
 * object: an Error's class does not cross threads).
 */
parentPort!.on('message', ({ id, task }: { id: number; task: EngineTask }) => {
  let result: EngineAnswer;
  try {
    if (held?.key !== task.catalogue.key) held = { key: task.catalogue.key, products: JSON.parse(task.catalogue.json) as DesignProduct[] };
    result = { design: utf8.encode(JSON.stringify(calculateDesign(task.input, held.products))) };
  } catch (error) {
    if (!(error instanceof DesignInputError)) {
      parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
      return;
    }
    result = { refused: { path: error.path, messageKey: error.messageKey, params: error.params } };
  }
  parentPort!.postMessage({ id, result }, 'design' in result ? [result.design.buffer as ArrayBuffer] : []);
});
