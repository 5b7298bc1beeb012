/** Texts of the dashboard, the tickets report and the moments board, in the four languages. (one file per language under ./texts: they outgrew one file) */
export { ptBR } from './texts/ptBR';
export { en } from './texts/en';
export { es } from './texts/es';
export { tr } from './texts/tr';
