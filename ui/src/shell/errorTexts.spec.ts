import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@conversa/contracts';
import { ptBR as catalogue } from './catalogue';
import { areaTexts } from '../test/areaTexts';

/** Every area's texts (an area may carry its own codes' texts, as contacts do for its imports). */
const areas = areaTexts;
const languageOf = (name: 'en' | 'es' | 'tr'): Record<string, string> => Object.assign({}, ...Object.values(areas).map((area) => area[name]));
const ptBR = catalogue as Record<string, string>;
const en = languageOf('en');
const es = languageOf('es');
const tr = languageOf('tr');

/**
 * The verbs a text uses to tell the person what to do next (try, check, ask, choose, reload …), per language:
 * an error text says what happened and then what to do.
 */
const instruction = {
  'pt-BR':
    /\b(tente|verifique|peça|escolha|entre|informe|use|aguarde|envie|confira|selecione|crie|atribua|atualize|abra|pague|defina|escreva|procure|exclua|anexe|desconecte|salve)\b/i,
  en: /\b(try|check|ask|choose|sign in|log in|enter|use|wait|send|select|create|assign|reload|open|pay|set|write|look|remove|attach|disconnect|save)\b/i,
  es: /\b(intente|inténtelo|inténtalo|verifique|compruebe|pida|elija|inicie|inicia|indique|use|espere|envíe|revise|seleccione|cree|asigne|recargue|abra|pague|configure|escriba|busque|elimine|adjunte|desconéctela|guárdela)\b/i,
  tr: /(deneyin|kontrol edin|isteyin|seçin|girin|bekleyin|gönderin|yenileyin|oluşturun|atayın|açın|ödeyin|yapın|yazın|arayın|silin|kullanın|kaydedin|ekleyin|kesin|giriş yapın)/i,
};

/** The spec's own wording, kept as written: the password reset screen goes on by itself (to the login) after them. */
const specWording = new Set(['ERR_RESET_ATTEMPTS_EXCEEDED', 'ERR_RESET_CODE_INVALID']);

describe('the error codes’ texts', () => {
  const languages = { 'pt-BR': ptBR, en, es, tr } as Record<keyof typeof instruction, Record<string, string>>;

  it('say what to do next in every language, for every code of the catalogue', () => {
    const silent: string[] = [];
    for (const code of Object.keys(errorCatalogue)) {
      if (specWording.has(code)) continue;
      for (const [language, texts] of Object.entries(languages) as Array<[keyof typeof instruction, Record<string, string>]>) {
        const text = texts[`errors.${code}`] ?? '';
        if (!instruction[language].test(text)) silent.push(`${language} ${code}: ${text}`);
      }
    }
    expect(silent).toEqual([]);
  });

  it('keep the spec’s wording where it is the spec’s', () => {
    expect(ptBR['errors.ERR_RESET_ATTEMPTS_EXCEEDED']).toBe('Tentativas excedidas. Redirecionando...');
    expect(ptBR['errors.ERR_RESET_CODE_INVALID']).toBe('Código de verificação inválido. A senha não pode ser alterada.');
    expect(ptBR['errors.ERR_RESET_CODE_INCORRECT']).toBe('Código de verificação incorreto. Tente novamente.');
  });
});
