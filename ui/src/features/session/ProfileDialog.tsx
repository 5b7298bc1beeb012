import { Button, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuImagePlus } from 'react-icons/lu';
import type { Language } from '@conversa/contracts';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useErrorToast } from '../../app/notify';
import { toaster } from '../../app/toaster';
import { languages, useT } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { PhoneField, TextField } from '../../shared/form/fields';
import { SelectField } from '../../shared/SelectField';
import { useUploadUserImageMutation } from '../users/api';
import { UserAvatar } from '../users/UserAvatar';
import { useUpdateUserMutation } from './api';
import { userUpdated } from '../../app/sessionSlice';
import { validateProfile, type FieldErrors } from '../../shared/validation';

type ProfileField = 'name' | 'email' | 'password';

/** The user's own profile (avatar menu → user dialog): name, email, optional new password, language. */
export default function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const user = useAppSelector((state) => state.session.user);
  const dispatch = useAppDispatch();
  const showError = useErrorToast();
  const [updateUser] = useUpdateUserMutation();
  const [values, setValues] = useState({ name: '', email: '', password: '', language: 'pt-BR' as Language, phone: '' });
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({});
  const [uploadImage, uploading] = useUploadUserImageMutation();
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The chosen picture shows before it is saved; its object URL is released when replaced or closed.
  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  useEffect(() => {
    if (open && user) {
      setValues({ name: user.name, email: user.email, password: '', language: user.language, phone: user.phone ?? '' });
      setErrors({});
      setImage(null);
    }
  }, [open, user]);

  if (!user) return null;

  const submit = async () => {
    const found = validateProfile(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const phone = values.phone.trim();
    // The phone goes only when it changed (most profile saves are about the name or the picture).
    const changes = { name: values.name.trim(), email: values.email.trim(), language: values.language, ...(phone !== (user.phone ?? '') ? { phone } : {}) };
    try {
      await updateUser({ id: user.id, ...changes, ...(values.password ? { password: values.password } : {}) }).unwrap();
      dispatch(userUpdated(changes));
      // The picture goes after the fields (POST /users/:id/media-upload); the top bar shows it at once.
      if (image) {
        const saved = await uploadImage({ id: user.id, file: image }).unwrap();
        dispatch(userUpdated({ profileImage: saved.profileImage }));
      }
      toaster.create({ type: 'success', description: t('profile.saved') });
      onClose();
    } catch (error) {
      showError(error);
    }
  };

  const field = (name: ProfileField, type: string, labelKey: 'profile.name' | 'profile.email' | 'profile.password') => (
    <TextField
      label={t(labelKey)}
      value={values[name]}
      onChange={(typed) => setValues((current) => ({ ...current, [name]: typed }))}
      error={errors[name]}
      helper={name === 'password' ? t('profile.passwordHelper') : undefined}
      name={name}
      type={type}
      autoComplete={name === 'password' ? 'new-password' : name}
    />
  );

  return (
    <FormDialog
      open={open}
      title={t('profile.title')}
      testId="profile-dialog"
      onClose={onClose}
      onSubmit={submit}
      busy={uploading.isLoading}
      saveTestId="profile-save"
    >
      <Stack gap="4">
        <HStack gap="4">
          {preview ? (
            <Image src={preview} alt="" boxSize="16" borderRadius="full" objectFit="cover" data-testid="profile-image-preview" />
          ) : (
            <UserAvatar user={{ name: values.name || user.name, profileImage: user.profileImage ?? null }} size="2xl" />
          )}
          <Stack gap="1">
            <Text fontWeight="medium">{t('profile.image')}</Text>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              hidden
              onChange={(event) => {
                setImage(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
              data-testid="profile-image-input"
            />
            <Button size="sm" variant="outline" onClick={() => fileInput.current?.click()} data-testid="profile-image-choose">
              <LuImagePlus /> {t('profile.chooseImage')}
            </Button>
          </Stack>
        </HStack>
        {field('name', 'text', 'profile.name')}
        {field('email', 'email', 'profile.email')}
        {field('password', 'password', 'profile.password')}
        <PhoneField value={values.phone} onChange={(phone) => setValues((current) => ({ ...current, phone }))} testId="profile-phone" />
        <SelectField
          name="language"
          label={t('profile.language')}
          value={values.language}
          onChange={(language) => setValues((current) => ({ ...current, language: language as Language }))}
          options={languages.map((code) => ({ value: code, label: t(`language.${code}`) }))}
        />
      </Stack>
    </FormDialog>
  );
}
