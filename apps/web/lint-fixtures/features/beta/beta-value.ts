export const betaValue = 1;
