import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

export const tr = {
  'helps.title': 'Yardım',
  'helps.gridTitle': 'Yardım',
  'helps.gridEmpty': 'Henüz yardım videosu yok.',
  'helps.play': 'İzle: {title}',
  'helps.videoUnavailable': 'Bu video gösterilemiyor.',
  'helps.add': 'Yardım ekle',
  'helps.edit': 'Düzenle',
  'helps.delete': 'Sil',
  'helps.preview': 'İzle',
  'helps.empty': 'Henüz yardım kaydı yok.',
  'helps.success': 'İşlem başarıyla tamamlandı!',
  'helps.saveFailed':
    'İşlem gerçekleştirilemedi. Aynı ada sahip bir yardım kaydının olup olmadığını veya alanların doğru doldurulup doldurulmadığını kontrol edin',
  'helps.deleteFailed': 'İşlem gerçekleştirilemedi',
  'helps.loadFailed': 'Kayıt listesi yüklenemedi',
  'helps.deleteConfirm': 'Bu kaydı gerçekten silmek istiyor musunuz?',
  'helps.dialog.addTitle': 'Yardım ekle',
  'helps.dialog.editTitle': 'Yardımı düzenle',
  'helps.column.actions': 'İşlemler',
  'helps.field.title': 'Başlık',
  'helps.field.description': 'Açıklama',
  'helps.field.video': 'Video',
  'helps.field.videoHelper': 'YouTube kodu veya bağlantısı, Vimeo bağlantısı ya da bir video dosyasının https bağlantısı.',
  'helps.validation.required': 'Zorunlu',
  'helps.validation.titleTooLong': 'Başlık en fazla 100 karakter olabilir',
  'helps.validation.descriptionTooLong': 'Açıklama en fazla 2000 karakter olabilir',
  'helps.validation.video': 'Geçersiz video: bir YouTube kodu veya bağlantısı, Vimeo bağlantısı ya da video dosyasının https bağlantısını girin',
} satisfies Translations<typeof ptBR>;
