export const fancyButton = 'button';
