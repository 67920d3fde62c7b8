export const findAlpha = (id: string) => ({ id });
