import { Button, Grid, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LuImagePlus, LuTrash2 } from 'react-icons/lu';
import type { CreateUserRequest, UserRecord } from '@conversa/contracts';
import { useAppSelector } from '../../app/store';
import { useT, type MessageKey } from '../../i18n';
import { CheckboxGroup, ColorLabel } from '../../shared/CheckboxGroup';
import { FormDialog } from '../../shared/FormDialog';
import { saveAndClose, useToastFeedback } from '../../shared/form/save';
import { PhoneField, SwitchField, TextAreaField, TextField } from '../../shared/form/fields';
import { idOf, idValue, namedOptions, SelectField } from '../../shared/SelectField';
import { useForm } from '../../shared/useForm';
import { useConnectionsQuery } from '../connections/api';
import { useQueuesQuery } from '../queues/api';
import { useCreateUserMutation, useRemoveUserImageMutation, useSaveUserMutation, useUploadUserImageMutation } from './api';
import { UserAvatar } from './UserAvatar';
import { emptyUserForm, maskTime, userFormOf, userFormRightsOf, userRequestOf, validateUserForm, type UserField, type UserFormValues } from './userForm';

/** Accepted picture types; the server checks the bytes again. */
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * The user dialog: every field of the user, the queues multi-select and the profile selector
 * shown only with user-modal:editQueues / user-modal:editProfile, default connection, profile image.
 */
export default function UserDialog({
  open,
  user,
  onClose,
  onSaved,
}: {
  open: boolean;
  user: UserRecord | null;
  onClose: () => void;
  onSaved: (user: UserRecord) => void;
}) {
  const t = useT();
  const me = useAppSelector((state) => state.session.user)!;
  const rights = userFormRightsOf(me);
  const creating = user === null;
  const feedback = useToastFeedback('users.saved');
  const { values, set, bind, check } = useForm<UserFormValues, UserField>(
    () => (user ? userFormOf(user) : emptyUserForm()),
    (current) => validateUserForm(current, { creating }),
  );
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const { data: queues = [] } = useQueuesQuery();
  const { data: connections = [] } = useConnectionsQuery();
  const [createUser] = useCreateUserMutation();
  const [saveUser] = useSaveUserMutation();
  const [uploadImage] = useUploadUserImageMutation();
  const [deleteImage] = useRemoveUserImageMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const submit = saveAndClose({ check, feedback, onClose }, async () => {
    const body = userRequestOf(values, rights, { creating });
    let saved = creating ? await createUser(body as CreateUserRequest).unwrap() : await saveUser({ id: user.id, ...body }).unwrap();
    // The picture goes once the user exists; a refused picture leaves the saved user as it is.
    if (image) saved = await uploadImage({ id: saved.id, file: image }).unwrap();
    else if (removeImage && saved.profileImage) saved = await deleteImage(saved.id).unwrap();
    onSaved(saved);
  });

  const text = (field: 'name' | 'email' | 'password', type: string, label: MessageKey, helper?: MessageKey) => (
    <TextField
      label={t(label)}
      {...bind(field)}
      required={field !== 'password' || creating}
      helper={helper && t(helper)}
      name={field}
      type={type}
      autoComplete={field === 'password' ? 'new-password' : 'off'}
      testId={`user-field-${field}`}
    />
  );

  const select = <F extends 'profile' | 'allTicket' | 'defaultTheme' | 'defaultMenu'>(
    field: F,
    label: MessageKey,
    options: { value: UserFormValues[F]; label: MessageKey }[],
  ) => (
    <SelectField
      label={t(label)}
      value={values[field]}
      onChange={(value) => set(field, value as UserFormValues[F])}
      options={options.map((option) => ({ value: option.value, label: t(option.label) }))}
      testId={`user-field-${field}`}
    />
  );

  const toggle = (field: 'allowGroup' | 'showDashboard' | 'allowRealTime' | 'allowConnections', label: MessageKey) => (
    <SwitchField label={t(label)} {...bind(field)} testId={`user-field-${field}`} />
  );

  const time = (field: 'startWork' | 'endWork', label: MessageKey) => (
    <TextField
      label={t(label)}
      {...bind(field)}
      onChange={(typed) => set(field, maskTime(typed))}
      placeholder="HH:mm"
      inputMode="numeric"
      maxLength={5}
      testId={`user-field-${field}`}
    />
  );

  const shownImage = removeImage ? null : (user?.profileImage ?? null);

  return (
    <FormDialog
      open={open}
      title={t(creating ? 'users.dialog.addTitle' : 'users.dialog.editTitle')}
      testId="user-dialog"
      onClose={onClose}
      onSubmit={submit}
      saveTestId="user-save"
      size="lg"
      scrollInside
    >
      <Stack gap="5">
        <Section title="users.section.account">
          <HStack gap="4" align="center">
            {preview ? (
              <Image src={preview} alt="" boxSize="16" borderRadius="full" objectFit="cover" />
            ) : (
              <UserAvatar user={{ name: values.name || '?', profileImage: shownImage }} size="2xl" />
            )}
            <Stack gap="2">
              <Text fontWeight="medium">{t('users.field.profileImage')}</Text>
              <HStack>
                <input
                  ref={fileInput}
                  type="file"
                  accept={IMAGE_TYPES}
                  hidden
                  onChange={(event) => {
                    setImage(event.target.files?.[0] ?? null);
                    setRemoveImage(false);
                    event.target.value = '';
                  }}
                  data-testid="user-field-profileImage"
                />
                <Button size="sm" variant="outline" onClick={() => fileInput.current?.click()}>
                  <LuImagePlus /> {t('users.field.chooseImage')}
                </Button>
                {(image || shownImage) && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => {
                      setImage(null);
                      setRemoveImage(true);
                    }}
                    data-testid="user-remove-image"
                  >
                    <LuTrash2 /> {t('users.field.removeImage')}
                  </Button>
                )}
              </HStack>
            </Stack>
          </HStack>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            {text('name', 'text', 'users.field.name')}
            {text('email', 'email', 'users.field.email')}
            {text('password', 'password', 'users.field.password', creating ? undefined : 'users.field.passwordKeep')}
            {rights.editProfile &&
              select('profile', 'users.field.profile', [
                { value: 'user', label: 'profileKind.user' },
                { value: 'supervisor', label: 'profileKind.supervisor' },
                { value: 'admin', label: 'profileKind.admin' },
              ])}
          </Grid>
        </Section>

        <Section title="users.section.work">
          {rights.editQueues && (
            <CheckboxGroup
              label={t('users.field.queues')}
              options={queues.map((queue) => ({
                value: queue.id,
                label: <ColorLabel name={queue.name} color={queue.color} />,
                testId: `user-queue-${queue.id}`,
              }))}
              value={values.queueIds}
              onChange={(queueIds) => set('queueIds', queueIds)}
              testId="user-field-queues"
              empty={
                <Text color="fg.muted" fontSize="sm">
                  {t('users.field.noQueues')}
                </Text>
              }
            />
          )}
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            {time('startWork', 'users.field.startWork')}
            {time('endWork', 'users.field.endWork')}
            <SelectField
              label={t('users.field.whatsappId')}
              value={idValue(values.whatsappId)}
              onChange={(value) => set('whatsappId', idOf(value))}
              options={namedOptions(connections, t('users.field.noConnection'))}
              testId="user-field-whatsappId"
            />
            {rights.editQueues &&
              select('allTicket', 'users.field.allTicket', [
                { value: 'enable', label: 'users.value.enabled' },
                { value: 'disable', label: 'users.value.disabled' },
              ])}
          </Grid>
          <PhoneField {...bind('phone')} testId="user-field-phone" />
          <TextAreaField label={t('users.field.farewellMessage')} {...bind('farewellMessage')} rows={3} testId="user-field-farewellMessage" />
          {rights.editQueues && toggle('allowGroup', 'users.field.allowGroup')}
        </Section>

        {rights.editProfile && (
          <Section title="users.section.access">
            {toggle('showDashboard', 'users.field.showDashboard')}
            {toggle('allowRealTime', 'users.field.allowRealTime')}
            {toggle('allowConnections', 'users.field.allowConnections')}
          </Section>
        )}

        <Section title="users.section.preferences">
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            {select('defaultTheme', 'users.field.defaultTheme', [
              { value: 'light', label: 'users.value.light' },
              { value: 'dark', label: 'users.value.dark' },
            ])}
            {select('defaultMenu', 'users.field.defaultMenu', [
              { value: 'open', label: 'users.value.open' },
              { value: 'closed', label: 'users.value.closed' },
            ])}
          </Grid>
        </Section>
      </Stack>
    </FormDialog>
  );
}

function Section({ title, children }: { title: MessageKey; children: ReactNode }) {
  const t = useT();
  return (
    <Stack gap="3">
      <Heading size="sm" color="fg.muted">
        {t(title)}
      </Heading>
      {children}
    </Stack>
  );
}
