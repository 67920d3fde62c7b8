// `used` is imported by main.ts; `planted` is imported by nothing, so knip must report it.
export const used = () => 'used';
export const planted = () => 'planted';
