/** Texts of the queues area, in the four languages: pt-BR (the default, the spec wording) ships with the app, the others load when chosen. (one file per language under ./texts: they outgrew one file) */
export { ptBR } from './texts/ptBR';
export { en } from './texts/en';
export { es } from './texts/es';
export { tr } from './texts/tr';
