export * from './accounts.js';
export * from './catalogue.js';
export * from './commerce.js';
export * from './content.js';
export * from './academy.js';
export * from './cache.js';
export * from './design.js';
export * from './installers.js';
