export const label = 'Meltway';
