export const formatLabel = (text: string) => text.trim();
