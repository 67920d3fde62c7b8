export const pageTitle = 'Meltway';
