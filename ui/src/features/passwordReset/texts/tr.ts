import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

export const tr = {
  'reset.title': 'Şifre sıfırla',
  'reset.subtitle': 'WhatsApp numaranıza bir kod göndereceğiz.',
  'reset.number': 'WhatsApp numarası',
  'reset.send': 'Kodu gönder',
  'reset.code': 'Doğrulama kodu',
  'reset.verify': 'Kodu doğrula',
  'reset.newPassword': 'Yeni şifre',
  'reset.save': 'Şifreyi kaydet',
  'reset.backToLogin': 'Girişe dön',
  'reset.forgot': 'Şifrenizi mi unuttunuz?',
  'reset.sent': 'Doğrulama kodu gönderildi!',
  'reset.incorrect': 'Doğrulama kodu yanlış. Tekrar deneyin.',
  'reset.attemptsExceeded': 'Deneme hakkı doldu. Yönlendiriliyor...',
  'reset.invalid': 'Geçersiz doğrulama kodu. Şifre değiştirilemez.',
  'reset.verifyFailed': 'Kod doğrulanamadı.',
  'reset.saveFailed': 'Şifre kaydedilemedi.',
  'reset.saved': 'Şifre güncellendi!',
  'reset.required': 'Zorunlu',
  'reset.passwordRules': 'En az 8 karakter, bir küçük ve bir büyük harf.',
} satisfies Translations<typeof ptBR>;
