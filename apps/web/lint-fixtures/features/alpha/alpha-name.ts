export const alphaName = ' alpha ';
