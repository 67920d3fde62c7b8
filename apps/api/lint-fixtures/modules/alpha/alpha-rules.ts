export const alphaLimit = 10;
