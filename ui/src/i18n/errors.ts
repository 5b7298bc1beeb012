/** The error codes' texts (errors.<ERR_…>), one file per language (they outgrew one file). */
export { ptBR } from './errors/ptBR';
export { en } from './errors/en';
export { es } from './errors/es';
export { tr } from './errors/tr';
