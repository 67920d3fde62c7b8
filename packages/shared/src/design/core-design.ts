import type { Control, DesignResult, Explained } from './design.schema.js';

/**
 * What the engine (calculate.ts) hands the recommendations (recommendations.ts): its own file, so the
 * recommendations read the engine's output without importing the engine that calls them.
 */

/** Why the automatic choice is mats or cable for an area, with its numbers. */
export type SystemChoice = { system: 'mat' | 'cable'; reason: Explained };

/** Everything of the result but the recommendations, plus what the recommendations are made from. */
export type CoreDesign = { result: Omit<DesignResult, 'recommendations'>; choices: SystemChoice[]; control: Control; classMethod: boolean };
