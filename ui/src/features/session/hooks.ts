import { useNavigate } from 'react-router';
import type { Language } from '@conversa/contracts';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useErrorToast } from '../../app/notify';
import { useLogoutMutation, useUpdateUserMutation } from './api';
import { languageChanged, sessionCleared } from '../../app/sessionSlice';

/** DELETE /auth/logout, then forget the session whatever the server said: the user asked to leave. */
export function useLogout() {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout().unwrap();
    } catch {
      // An expired session cannot be logged out twice; the local session is cleared below either way.
    }
    dispatch(sessionCleared());
    navigate('/login', { replace: true });
  };
}

/** Applies the language at once and, when signed in, saves it as the user's language (spec 3, theme and languages). */
export function useChangeLanguage() {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.session.user?.id);
  const [updateUser] = useUpdateUserMutation();
  const showError = useErrorToast();
  return async (language: Language) => {
    dispatch(languageChanged(language));
    if (userId === undefined) return;
    try {
      await updateUser({ id: userId, language }).unwrap();
    } catch (error) {
      showError(error);
    }
  };
}
