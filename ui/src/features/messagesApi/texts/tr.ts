import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

export const tr = {
  'menu.messagesApi': 'Mesaj API',
  'messagesApi.title': 'Mesaj gönderme belgeleri',
  'messagesApi.methods': 'Gönderme yöntemleri',
  'messagesApi.textMethod': '1. Metin mesajları',
  'messagesApi.mediaMethod': '2. Medya mesajları',
  'messagesApi.instructions': 'Talimatlar',
  'messagesApi.notes': 'Önemli notlar',
  'messagesApi.noteToken': 'Belirteç, gönderecek bağlantınınkidir: Bağlantılar, bağlantının düzenle düğmesi, Belirteç alanında bulunur.',
  'messagesApi.noteNumber': 'Numara maske veya özel karakter içermez: ülke kodu, alan kodu ve numara (ör. 5511999999999).',
  'messagesApi.noteUser':
    'userId (isteğe bağlı) o temsilci olarak yazar (sendSignature adıyla imzalar); queueId (isteğe bağlı) yeni bileti o kuyruğa koyar. userId olmadan mesaj sistemindir.',
  'messagesApi.noteIdempotency': 'Bir isteği güvenle yinelemek için Idempotency-Key başlığını gönderin: aynı anahtar bir kez gönderir ve aynı sonucu yanıtlar.',
  'messagesApi.noteRate': 'Her belirtecin dakika başına istek sınırı vardır; aşılınca yanıt Retry-After başlığıyla (saniye) 429 olur.',
  'messagesApi.noteErrors':
    'Yanıtlar: 200 gönderildi; 400 geçersiz veri; 401 geçersiz belirteç; 402 abonelik süresi dolmuş; 403 API içermeyen plan, başka şirketin kullanıcısı veya kuyruğu; 409 Idempotency-Key başka istekte kullanılmış; 429 sınır aşıldı.',
  'messagesApi.endpoint': 'Uç nokta',
  'messagesApi.method': 'Yöntem',
  'messagesApi.headers': 'Başlıklar',
  'messagesApi.body': 'Gövde',
  'messagesApi.test': 'Gönderim testi',
  'messagesApi.token': 'Belirteç',
  'messagesApi.number': 'Numara',
  'messagesApi.message': 'Mesaj',
  'messagesApi.file': 'Dosya',
  'messagesApi.send': 'Gönder',
  'messagesApi.sent': 'Mesaj başarıyla gönderildi',
  'messagesApi.failed': 'Mesaj gönderilemedi',
  'messagesApi.required': 'Zorunlu',
  'messagesApi.numberFormat': 'Yalnızca rakam: ülke kodu, alan kodu ve numara',
} satisfies Translations<typeof ptBR>;
