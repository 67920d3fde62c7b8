// Breaks the file-name rule: not kebab-case.
export const betaPanel = 'panel';
